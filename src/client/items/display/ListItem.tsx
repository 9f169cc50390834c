/**
 * An item as one line of a list (spec 000 §2 "Item displays"): avatar or icon, title and subtitle as
 * the type's `listItem` names them, a pill look per variant, the deleted marker, a link to `/i-{id}`.
 */
import type { Item, ItemTypeDef } from '../../../shared/items/types';
import { itemTypes } from '../../../shared/itemTypes';
import { FIELD_KINDS } from '../fields/fieldKinds';
import { Avatar } from './Avatar';
import { DeletedMarker } from './DeletedMarker';
import { CellIcon } from '../../layout/CellIcon';
import { useItemHighlight } from './useItemHighlight';
import { useItemLink } from './useItemLink';

/** default: in a list; open: shown in a column; active: in the focused column; exact: that column shows just this item. */
export type ListItemVariant = 'default' | 'open' | 'active' | 'exact';

const PILL: Record<ListItemVariant, string> = {
  default: 'border-transparent hover:bg-primary/5',
  open: 'border-line bg-primary/5',
  active: 'border-primary/60 bg-primary/10',
  exact: 'border-primary bg-primary/20 font-semibold',
};

const PEOPLE = new Set(['person', 'contact']);

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

// Kinds whose read component is plain text (an option's label, a date as DD-MMM-YYYY): a subtitle may show it inside the item's link.
const SHOWN_AS_TEXT = new Set(['SEL', 'LOV', 'DT', 'DTM', 'impreciseDate', 'NUM', 'BOOL']);

/** The subtitle property of `item` as a person reads it: option labels, dates, related items' labels; never a key. */
export function Subtitle({ item, type = itemTypes.get(item._t) }: { item: Item; type?: ItemTypeDef | undefined }) {
  const name = type?.listItem?.subtitle;
  const def = name ? type.properties[name] : undefined;
  if (!type || !name || !def || def.internal) return null;
  const value = item[name];
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  const Show = SHOWN_AS_TEXT.has(def.kind) ? FIELD_KINDS[def.kind]?.Show : undefined;
  const relIds = def.kind === 'REL' ? (Array.isArray(value) ? value : [value]) : [];
  const shown = Show ? (
    <Show name={name} def={def} value={value} item={item} type={type} />
  ) : def.kind === 'REL' ? (
    relIds
      .map((r) => (typeof r === 'object' && r !== null ? item.$labels?.[String((r as { id?: unknown }).id)] : undefined))
      .filter(Boolean)
      .join(', ')
  ) : (
    text(value)
  );
  return shown ? <span className="truncate text-xs text-muted">{shown}</span> : null;
}

/** The title the type's `listItem` names, else the item's label, else its id. */
function titleOf(item: Item, type: ItemTypeDef | undefined): string {
  const own = type?.listItem?.title ? text(item[type.listItem.title]) : '';
  return own || item.$labels?.[item.$id] || type?.label(item) || item.$id;
}

/** One item in a list, as a link to it. */
export function ListItem({ item, variant = 'default' }: { item: Item; variant?: ListItemVariant }) {
  const type = itemTypes.get(item._t);
  const title = titleOf(item, type);
  const { highlighted, handlers } = useItemHighlight(item.$id);
  const link = useItemLink(item.$id);
  const person = PEOPLE.has(type?.listItem?.icon ?? type?.defaultIcon ?? '');
  return (
    <a
      {...link}
      {...handlers}
      data-item={item.$id}
      data-variant={variant}
      data-highlighted={highlighted}
      aria-current={variant === 'exact' ? 'page' : variant === 'active' ? 'true' : undefined}
      className={`flex min-h-14 items-center gap-3 rounded-full border px-3 py-1.5 text-ink no-underline focus-visible:outline-2 focus-visible:outline-primary ${PILL[variant]} ${
        highlighted ? 'ring-2 ring-accent' : ''
      }`}
    >
      {person ? (
        <Avatar id={item.$id} name={title} />
      ) : (
        <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-line/60 text-muted">
          <CellIcon name={type?.listItem?.icon ?? type?.defaultIcon ?? null} />
        </span>
      )}
      <span className="flex min-w-0 flex-1 flex-col">
        <span className={`truncate text-sm ${item.$deleted ? 'text-muted line-through' : ''}`}>{title}</span>
        <Subtitle item={item} type={type} />
      </span>
      {item.$deleted ? <DeletedMarker /> : null}
    </a>
  );
}
