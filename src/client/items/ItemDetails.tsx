/** The body of an item's read screen: its non-empty properties, then when and by whom it was created. */
import { itemStateCharts } from '../../shared/itemStateCharts';
import type { Item, ItemTypeDef, PropertyDef } from '../../shared/items/types';
import { useT } from '../i18n/useT';
import { FIELD_KINDS } from './fields/fieldKinds';
import { labelKey } from './labelKey';
import { formatDate } from './fields/formatDate';
import { useAgo } from './display/RelativeTime';

const isBlank = (v: unknown): boolean => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function isEmptyValue(def: PropertyDef, value: unknown): boolean {
  const kind = FIELD_KINDS[def.kind];
  return kind?.isEmpty ? kind.isEmpty(value) : isBlank(value);
}

/** A value of a kind without its own component yet: text as it is, anything else as JSON. */
const plainText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** '3 days ago', or 'now' for the first 10 s. */
function Ago({ ts }: { ts: string }) {
  const ago = useAgo();
  const at = Date.parse(ts);
  return Number.isNaN(at) ? null : <span>{ago(at)}</span>;
}

/** A definition list of the item's properties (empty ones left out) and its creation. */
export function ItemDetails({ item, type }: { item: Item; type: ItemTypeDef }) {
  const t = useT();
  // A state the server moves is shown with its steps (ItemStatePanel), not twice.
  const stateProperty = itemStateCharts().get(type.name)?.property;
  const rows = Object.entries(type.properties).filter(
    ([name, def]) => name !== stateProperty && !def.internal && !isEmptyValue(def, item[name]),
  );
  const creator = item._c?.by ?? null;
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 p-4 sm:grid-cols-[max-content_1fr]">
      {rows.map(([name, def]) => {
        const kind = FIELD_KINDS[def.kind];
        return (
          <div key={name} className="contents">
            <dt className="text-sm font-medium text-muted">{t(labelKey(type, name, def))}</dt>
            <dd className="text-ink">
              {kind ? <kind.Show name={name} def={def} value={item[name]} item={item} type={type} /> : <span>{plainText(item[name])}</span>}
            </dd>
          </div>
        );
      })}
      {item._c?.ts ? (
        <div className="contents">
          <dt className="text-sm font-medium text-muted">{t('app.item.created')}</dt>
          <dd className="text-ink">
            <time dateTime={item._c.ts}>{formatDate(item._c.ts, true)}</time> (<Ago ts={item._c.ts} />)
          </dd>
        </div>
      ) : null}
      {creator ? (
        <div className="contents">
          <dt className="text-sm font-medium text-muted">{t('app.item.createdBy')}</dt>
          {/* A creator the reader may not read (an administrator's User) has no label: said generically, never by id. */}
          <dd className="text-ink">{item.$labels?.[creator] ?? t('events.someone')}</dd>
        </div>
      ) : null}
    </dl>
  );
}
