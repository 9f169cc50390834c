/** LOV: a value of a list of values (spec 001 §5): its translated label; editing offers the active values and "other". */
import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import type { ItemFormSnapshot } from '../../../../machines/item/itemFormMachine';
import { lovStatus, lovValues, type LovActorRef, type LovSnapshot } from '../../../../machines/item/lovMachine';
import { LOV_OTHER_MARKER } from '../../../shared/constants';
import type { LovEntry } from '../../../shared/items/LovEntry';
import { ownerOrgOf } from '../../../shared/items/ownerOrgOf';
import { useIntl } from '../../i18n/IntlContext';
import { useT } from '../../i18n/useT';
import { useActors } from '../../session/useActors';
import { useFieldActors } from './FieldActorsContext';
import type { FieldEditProps, FieldKind, FieldShowProps } from './FieldKind';
import { inputClass } from './fieldStyles';

/** The session's list cache, told of locale changes. */
function useLovCache(): LovActorRef {
  const { lov } = useActors();
  const { locale } = useIntl();
  useEffect(() => lov.send({ type: 'lov.localeChanged', locale }), [lov, locale]);
  return lov;
}

const keys = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' && v !== '' ? [v] : [];
// undefined outside a form: the field then follows the stored item's owner.
const selectDraftOwner = (snapshot: ItemFormSnapshot | undefined): string | null | undefined =>
  snapshot ? ownerOrgOf(snapshot.context.draft) : undefined;

/** The list's values for an item of `owner`, asked of the cache once. */
function useListValues(list: string, owner: string | null): { values: LovEntry[]; loading: boolean } {
  const cache = useLovCache();
  useEffect(() => cache.send({ type: 'lov.requested', list }), [cache, list]);
  const values = useSelector(
    cache,
    (s: LovSnapshot) => lovValues(s, list, owner),
    (a, b) => a.length === b.length && a.every((v, i) => v === b[i]),
  );
  const loading = useSelector(cache, (s: LovSnapshot) => lovStatus(s, list) === 'loading');
  return { values, loading };
}

function useLabelOf(values: LovEntry[]): (key: string) => string {
  const t = useT();
  return (key) => (key === LOV_OTHER_MARKER ? t('app.lov.other') : (values.find((v) => v.key === key)?.label ?? key));
}

const NO_VALUES: LovEntry[] = [];

/** The labels of `list`'s values as the site has them (a facet's buckets, where no one item's owner applies); none: keys as they are. */
export function useSiteLovLabel(list: string | null): (key: string) => string {
  const cache = useLovCache();
  useEffect(() => {
    if (list) cache.send({ type: 'lov.requested', list });
  }, [cache, list]);
  const values = useSelector(
    cache,
    (s: LovSnapshot) => (list ? lovValues(s, list, null) : NO_VALUES),
    (a, b) => a.length === b.length && a.every((v, i) => v === b[i]),
  );
  return useLabelOf(values);
}

function Show({ def, value, item }: FieldShowProps) {
  const { values } = useListValues(def.list ?? '', ownerOrgOf(item));
  const labelOf = useLabelOf(values);
  return <span>{keys(value).map(labelOf).join(', ')}</span>;
}

function Edit({ def, value, item, inputId, errorId, error, shake, onChange, onBlur }: FieldEditProps) {
  const t = useT();
  const form = useFieldActors()?.form;
  // The owner being chosen, not the stored one: a new item has none stored, and a changed owner brings its own list.
  const draftOwner = useSelector(form, selectDraftOwner);
  const { values, loading } = useListValues(def.list ?? '', draftOwner === undefined ? ownerOrgOf(item) : draftOwner);
  const labelOf = useLabelOf(values);
  const chosen = keys(value);
  // Archived values are not offered, but one already set stays visible (and marked) until changed.
  const offered = values.filter((v) => v.state !== 'ARCHIVED' || chosen.includes(v.key));
  const text = (v: LovEntry) => (v.state === 'ARCHIVED' ? t('app.lov.archived', { label: v.label }) : v.label);
  const unknown = chosen.filter((k) => k !== LOV_OTHER_MARKER && !values.some((v) => v.key === k));
  const entries = [
    ...offered.map((v) => ({ key: v.key, label: text(v) })),
    ...unknown.map((k) => ({ key: k, label: labelOf(k) })),
    { key: LOV_OTHER_MARKER, label: t('app.lov.other') },
  ];
  const aria = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-busy': loading || undefined,
  };
  if (def.multiple) {
    return (
      <div
        id={inputId}
        role="group"
        tabIndex={-1}
        aria-labelledby={`${inputId}-label`}
        {...aria}
        className={`flex flex-wrap gap-x-4 gap-y-1 rounded ${error && shake ? 'kk-shake' : ''}`}
      >
        {loading && <span className="text-sm text-muted">{t('app.lov.loading')}</span>}
        {entries.map((entry) => (
          <label key={entry.key} className="inline-flex items-center gap-1 text-sm text-ink">
            <input
              type="checkbox"
              checked={chosen.includes(entry.key)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, entry.key] : chosen.filter((c) => c !== entry.key))}
              onBlur={onBlur}
            />
            {entry.label}
          </label>
        ))}
      </div>
    );
  }
  return (
    <select
      id={inputId}
      value={chosen[0] ?? ''}
      {...aria}
      aria-required={def.required === true || undefined}
      className={inputClass(!!error, shake)}
      onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      onBlur={onBlur}
    >
      <option value="">{loading ? t('app.lov.loading') : t('app.field.choose')}</option>
      {entries.map((entry) => (
        <option key={entry.key} value={entry.key}>
          {entry.label}
        </option>
      ))}
    </select>
  );
}

/** A value (or several) of a list of values. */
export const LovField: FieldKind = { Show, Edit, isEmpty: (v) => keys(v).length === 0 };
