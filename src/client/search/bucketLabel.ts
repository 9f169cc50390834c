/** The text of a facet bucket: type names, related items' labels, option texts, date and size ranges. */
import type { FacetSpec } from '../../../machines/search/searchResultsQuery';
import type { FacetBucket } from '../../shared/search/SearchQuery';
import { capitalised } from '../items/display/useTypeLabel';
import { fileSize } from '../items/fields/fileSize';
import type { Translate } from '../i18n/useT';

function size(t: Translate, bytes: number): string {
  const { size: n, unit } = fileSize(bytes);
  return t('app.results.size', { n: Math.round(n * 10) / 10, unit });
}

/** The bucket's text; `has` tells whether the catalogue holds a message. */
export function bucketLabel(
  t: Translate,
  has: (key: string) => boolean,
  spec: FacetSpec,
  bucket: FacetBucket,
  labels: Record<string, string>,
): string {
  const { key } = bucket;
  switch (spec.kind) {
    case 'terms':
      if (spec.key === '_') return has(`types.${key}`) ? capitalised(t(`types.${key}`)) : key;
      if (labels[key]) return labels[key];
      return has(`options.${key}`) ? t(`options.${key}`) : key;
    case 'dateRanges':
      return has(`app.results.date.${key}`) ? t(`app.results.date.${key}`) : key;
    case 'fileSize':
    case 'numericRanges': {
      const from = typeof bucket.from === 'number' ? bucket.from : null;
      const to = typeof bucket.to === 'number' ? bucket.to : null;
      const show = (n: number) => (spec.kind === 'fileSize' ? size(t, n) : String(n));
      if (from === null) return t('app.results.upTo', { to: show(to ?? 0) });
      if (to === null) return t('app.results.from', { from: show(from) });
      return t('app.results.range', { from: show(from), to: show(to) });
    }
    case 'yearRanges':
      if (key === 'before1700') return t('app.results.upTo', { to: '1699' });
      if (key.endsWith('+')) return t('app.results.from', { from: key.slice(0, -1) });
      return key.replace('-', '–');
    default:
      return key;
  }
}
