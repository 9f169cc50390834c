/** admin.all-items (spec 000 §2): every item of every type, searchable, for administrators. */
import { useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { selectUser, type AuthSnapshot } from '../../../machines/session/authSelectors';
import { useT } from '../i18n/useT';
import type { CellViewProps } from '../layout/CellViewProps';
import { SearchResults } from '../search/SearchResults';
import { selectCellResults } from '../search/resultsSelectors';
import { useActors } from '../session/useActors';
import { AdminError } from './AdminError';

const selectAdmin = (s: AuthSnapshot): boolean => selectUser(s)?.admin === true;

/**
 * The results its cell holds over every registered type, as a table. The server answers a search
 * with what the caller may read, so the screen is worth nothing to others: they are told so.
 */
export function AllItemsView({ cell, spec }: CellViewProps) {
  const t = useT();
  const { auth, router } = useActors();
  const admin = useSelector(auth, selectAdmin);
  const results = useSelector(cell, selectCellResults);
  const title = t(`views.${spec.key}`);
  useEffect(() => cell.send({ type: 'cell.described', title, icon: 'list' }), [cell, title]);
  const onText = useCallback(
    (text: string) => {
      results?.send({ type: 'results.textChanged', text });
      router.send({ type: 'router.paramSet', key: spec.key, param: text || null });
    },
    [results, router, spec.key],
  );
  if (!admin) {
    return (
      <div className="px-3 py-4">
        <AdminError error={{ userMessage: 'notAllowed' }} />
      </div>
    );
  }
  return results ? <SearchResults results={results} onText={onText} /> : null;
}
