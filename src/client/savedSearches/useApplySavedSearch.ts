/** Hands an opened saved search to the results view that shows /search. */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectToApply, type SavedSearchSettings } from '../../../machines/search/savedSearchesMachine';
import { useActors } from '../session/useActors';

/** Calls `apply` with the settings of a saved search opened from the menu, once, then forgets them. */
export function useApplySavedSearch(apply: (settings: SavedSearchSettings) => void): void {
  const { savedSearches } = useActors();
  const toApply = useSelector(savedSearches, selectToApply);
  useEffect(() => {
    if (!toApply) return;
    apply(toApply.settings);
    savedSearches.send({ type: 'savedSearches.applied' });
  }, [toApply, apply, savedSearches]);
}
