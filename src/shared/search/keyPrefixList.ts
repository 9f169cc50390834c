import { BARE_KEYS, PROP_PREFIXES, type KeyPrefix } from './SearchQuery';

/** Every key prefix of spec 000 §3, as one list (the values a saved filter's `kind` may take). */
export const KEY_PREFIX_LIST: readonly KeyPrefix[] = [...PROP_PREFIXES, ...BARE_KEYS];
