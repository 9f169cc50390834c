/** The search query language both sides speak (spec 000 §3, §5, §9). */
export * from './SearchQuery';
export { searchConstants } from './searchConstants';
export { parseKey, filterKey } from './parseKey';
export { parseFreeText, isSearchableText, type FreeText } from './parseFreeText';
export { dateBuckets, DATE_BUCKET_DAYS, type RangeBucket } from './dateBuckets';
export { YEAR_RANGES, yearStart } from './yearRanges';
export { numericRanges, FILE_SIZE_BUCKETS } from './numericRanges';
export { searchQuerySchema, SEARCH_MAX_IDS, SEARCH_MAX_DEPTH } from './searchQuerySchema';
export { searchLimits } from './searchLimits';
export { savedSearchQuery, type SavedSearchCriteria } from './savedSearchQuery';
export { KEY_PREFIX_LIST } from './keyPrefixList';
