/**
 * The body of an item's read screen (issue 16): its non-empty properties in the sections its type
 * declares (or a layout derived from their kinds), a side column of people and dates that ends with
 * when and by whom it was created, full-width sections for rich text and attachments, and, when
 * nothing is filled in, what can be added.
 */
import { useId } from 'react';
import { itemStateCharts } from '../../shared/itemStateCharts';
import type { Item, ItemTypeDef, PropertyDef } from '../../shared/items/types';
import { useIntl } from '../i18n/IntlContext';
import { useT } from '../i18n/useT';
import { FIELD_KINDS } from './fields/fieldKinds';
import { labelKey } from './labelKey';
import { formatDate } from './fields/formatDate';
import { useAgo } from './display/RelativeTime';
import { placeProperties, type PlacedSection } from './layout/itemLayout';
import { offeredInForm } from './offeredInForm';

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

/** A property's value as its kind shows it. */
function Value({ item, type, name }: { item: Item; type: ItemTypeDef; name: string }) {
  const def = type.properties[name]!;
  const kind = FIELD_KINDS[def.kind];
  return kind ? <kind.Show name={name} def={def} value={item[name]} item={item} type={type} /> : <span>{plainText(item[name])}</span>;
}

/** Label and value rows of `names`. */
function Rows({ item, type, names, dtClass = '' }: { item: Item; type: ItemTypeDef; names: readonly string[]; dtClass?: string }) {
  const t = useT();
  return (
    <>
      {names.map((name) => (
        <div key={name} className="contents">
          <dt className={`text-sm font-medium text-muted ${dtClass}`}>{t(labelKey(type, name, type.properties[name]!))}</dt>
          <dd className="m-0 min-w-0 break-words text-ink">
            <Value item={item} type={type} name={name} />
          </dd>
        </div>
      ))}
    </>
  );
}

/** A titled section: a heading and its rows, or (one property naming it) the value alone under the label. */
function Section({ item, type, section }: { item: Item; type: ItemTypeDef; section: PlacedSection }) {
  const t = useT();
  const headingId = useId();
  return (
    // A group, not a region: the columns are the screen's landmarks.
    <section role="group" aria-labelledby={headingId} data-section={section.key} className="min-w-0">
      <h3 id={headingId} className="mb-2 text-base font-semibold text-ink">
        {t(section.title)}
      </h3>
      {section.titledByProperty ? (
        <div className="text-ink">
          <Value item={item} type={type} name={section.properties[0]!} />
        </div>
      ) : (
        <dl className="m-0 grid grid-cols-1 gap-x-6 gap-y-1 @md:grid-cols-[10rem_minmax(0,1fr)] @md:gap-y-3">
          <Rows item={item} type={type} names={section.properties} />
        </dl>
      )}
    </section>
  );
}

/** When nothing is filled in: what can be added (by whoever may edit), else that nothing is recorded. */
function EmptyState({ type, mayEdit }: { type: ItemTypeDef; mayEdit: boolean }) {
  const t = useT();
  const intl = useIntl();
  const offered = Object.entries(type.properties)
    .filter(([, def]) => offeredInForm(def, false))
    .slice(0, 3)
    .map(([name, def]) => t(labelKey(type, name, def)).toLocaleLowerCase(intl.locale));
  const fields = new Intl.ListFormat(intl.locale, { type: 'disjunction' }).format(offered);
  return (
    <p role="note" className="m-0 rounded border border-dashed border-line p-4 text-muted">
      {mayEdit && offered.length > 0 ? t('app.record.emptyEditable', { fields }) : t('app.record.empty')}
    </p>
  );
}

/** The item's properties (empty ones left out) in sections and a side column, and its creation. */
export function ItemDetails({ item, type, mayEdit = false }: { item: Item; type: ItemTypeDef; mayEdit?: boolean }) {
  const t = useT();
  const sideId = useId();
  // A state the server moves is shown with its steps (ItemStatePanel), not twice.
  const stateProperty = itemStateCharts().get(type.name)?.property;
  const names = Object.entries(type.properties)
    .filter(([name, def]) => name !== stateProperty && !def.internal && !isEmptyValue(def, item[name]))
    .map(([name]) => name);
  const layout = placeProperties(type, names);
  const creator = item._c?.by ?? null;
  return (
    <div className="@container w-full">
      <div className="grid grid-cols-1 gap-6 p-4 @2xl:grid-cols-[minmax(0,1fr)_17rem]">
        <div className="flex min-w-0 flex-col gap-6">
          {names.length === 0 ? <EmptyState type={type} mayEdit={mayEdit} /> : null}
          {layout.main.map((section) => (
            <Section key={section.key} item={item} type={type} section={section} />
          ))}
        </div>
        <div role="group" aria-labelledby={sideId} data-section="side" className="min-w-0 @2xl:border-l @2xl:border-line @2xl:pl-6">
          {/* Named aloud beside the sections; seen where it follows them (a narrow column or a phone). */}
          <h3 id={sideId} className="mb-2 text-base font-semibold text-ink @2xl:sr-only">
            {t('app.section.side')}
          </h3>
          <dl className="m-0 grid grid-cols-1 gap-y-1 @md:grid-cols-[10rem_minmax(0,1fr)] @md:gap-x-6 @md:gap-y-3 @2xl:grid-cols-1 @2xl:gap-y-1">
            <Rows item={item} type={type} names={layout.side} dtClass="@2xl:mt-2" />
            {item._c?.ts ? (
              <div className="contents">
                <dt className="text-sm font-medium text-muted @2xl:mt-2">{t('app.item.created')}</dt>
                <dd className="m-0 text-ink">
                  <time dateTime={item._c.ts}>{formatDate(item._c.ts, true)}</time> (<Ago ts={item._c.ts} />)
                </dd>
              </div>
            ) : null}
            {creator ? (
              <div className="contents">
                <dt className="text-sm font-medium text-muted @2xl:mt-2">{t('app.item.createdBy')}</dt>
                {/* A creator the reader may not read (an administrator's User) has no label: said generically, never by id. */}
                <dd className="m-0 text-ink">{item.$labels?.[creator] ?? t('events.someone')}</dd>
              </div>
            ) : null}
          </dl>
        </div>
      </div>
      {layout.wide.map((section) => (
        <div key={section.key} className="px-4 pb-6">
          <Section item={item} type={type} section={section} />
        </div>
      ))}
    </div>
  );
}
