import { BARE_KEYS, PROP_PREFIXES, type Filter, type KeyPrefix } from './SearchQuery';

const bare = new Set<string>(BARE_KEYS);
const withProp = new Set<string>(PROP_PREFIXES);

/** Splits a query key (`ft-name`, `q`, `fs-context.id`) into its prefix and property; null when it is not one. */
export function parseKey(key: string): { kind: KeyPrefix; prop: string } | null {
  if (bare.has(key)) return { kind: key as KeyPrefix, prop: '' };
  const dash = key.indexOf('-');
  if (dash <= 0) return null;
  const kind = key.slice(0, dash);
  const prop = key.slice(dash + 1);
  return withProp.has(kind) && prop.length > 0 ? { kind: kind as KeyPrefix, prop } : null;
}

/** The key of a filter, as the keyed clause form writes it. */
export const filterKey = (f: Pick<Filter, 'kind' | 'prop'>): string => (bare.has(f.kind) ? f.kind : `${f.kind}-${f.prop}`);
