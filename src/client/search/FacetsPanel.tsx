/** The facets beside the results (spec 000 §3): per facet its buckets with counts, as check boxes that narrow the results. */
import { useSiteLovLabel } from '../items/fields/LovField';
import { useAdminColumns } from './useAdminColumns';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { SearchResultsActorRef } from '../../../machines/search/searchResultsMachine';
import { facetSpecsFor, facetTypeOf, type FacetSpec } from '../../../machines/search/searchResultsQuery';
import { selectFacets, selectResultLabels, selectResultsSettings } from '../../../machines/search/searchResultsSelectors';
import { itemTypes } from '../../shared/itemTypes';
import type { FacetBucket } from '../../shared/search/SearchQuery';
import { useIntl } from '../i18n/IntlContext';
import { useT } from '../i18n/useT';
import { labelKey } from '../items/labelKey';
import { Button } from '../shell/Button';
import { mediaTypeLabel } from '../items/fields/mediaTypeLabel';
import { bucketLabel } from './bucketLabel';
import { offeredBuckets } from './facetBuckets';

function facetTitle(spec: FacetSpec, itemTypeName: string | null): string {
  if (spec.key === '_') return 'app.results.facetType';
  if (spec.key === 'created') return 'app.item.created';
  const type = itemTypeName ? itemTypes.get(itemTypeName) : undefined;
  const def = type?.properties[spec.key];
  return type && def ? labelKey(type, spec.key, def) : spec.key;
}

function Facet({
  results,
  spec,
  buckets,
  chosen,
  labels,
  itemTypeName,
}: {
  results: SearchResultsActorRef;
  spec: FacetSpec;
  buckets: FacetBucket[];
  chosen: readonly string[];
  labels: Record<string, string>;
  itemTypeName: string | null;
}) {
  const t = useT();
  const intl = useIntl();
  const id = useId();
  const has = (key: string) => key in intl.messages;
  // A list of values' buckets are its keys: said by the site's labels of the list; a file type's are media types, said by their names.
  const def = itemTypeName ? itemTypes.get(itemTypeName)?.properties[spec.key] : undefined;
  const lovLabel = useSiteLovLabel(spec.kind === 'terms' && def?.kind === 'LOV' && def.list ? def.list : null);
  const textOf = (bucket: FacetBucket) => {
    if (spec.kind === 'terms' && def?.kind === 'LOV') return lovLabel(bucket.key);
    if (spec.kind === 'terms' && def?.format === 'mediaType') return mediaTypeLabel(t, bucket.key);
    return bucketLabel(t, has, spec, bucket, labels);
  };
  // Empty buckets are left out, unless chosen: a choice that finds nothing stays in sight, so it can be unchosen.
  const shown = offeredBuckets(buckets, chosen);
  if (shown.length === 0) return null;
  return (
    <fieldset className="m-0 min-w-0 border-0 p-0" aria-labelledby={id}>
      <legend id={id} className="mb-1 text-sm font-semibold text-ink">
        {t(facetTitle(spec, itemTypeName))}
      </legend>
      <ul className="m-0 list-none space-y-0.5 p-0">
        {shown.map((bucket) => (
          <li key={bucket.key}>
            <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-sm text-ink hover:bg-primary/5">
              <input
                type="checkbox"
                className="h-4 w-4 accent-primary"
                checked={chosen.includes(bucket.key)}
                onChange={() => results.send({ type: 'results.facetToggled', facet: spec.key, bucket: bucket.key })}
              />
              <span className="min-w-0 flex-1 truncate">{textOf(bucket)}</span>
              <span className="text-xs text-muted">{bucket.count}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The facets panel of a results view (`inDrawer`: the phone's drawer holds it, which scrolls and frames it). */
export function FacetsPanel({ results, inDrawer = false }: { results: SearchResultsActorRef; inDrawer?: boolean }) {
  const t = useT();
  const facets = useSelector(results, selectFacets);
  const labels = useSelector(results, selectResultLabels);
  const settings = useSelector(results, selectResultsSettings);
  const anyChosen = Object.keys(settings.selectedFacets).length > 0;
  const adminColumns = useAdminColumns();
  return (
    // In a narrow column the panel scrolls within 40% of the screen's height, so the results stay in sight below it.
    <aside
      aria-label={t('app.results.facets')}
      className={
        inDrawer
          ? 'flex flex-col gap-4'
          : 'flex max-h-[40vh] w-full shrink-0 flex-col gap-4 overflow-y-auto rounded-lg border border-line bg-panel p-3 @2xl:max-h-none @2xl:w-60 @2xl:self-start @2xl:overflow-visible'
      }
    >
      {facetSpecsFor(settings.itemTypeName, settings.selectedFacets, adminColumns).map((spec) => (
        <Facet
          key={spec.key}
          results={results}
          spec={spec}
          buckets={facets[spec.key] ?? []}
          chosen={settings.selectedFacets[spec.key] ?? []}
          labels={labels}
          itemTypeName={facetTypeOf(settings.itemTypeName, settings.selectedFacets)}
        />
      ))}
      {anyChosen ? (
        <Button variant="plain" className="self-start" onClick={() => results.send({ type: 'results.facetsCleared' })}>
          {t('app.results.clearFacets')}
        </Button>
      ) : null}
    </aside>
  );
}
