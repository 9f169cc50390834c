/** The user's saved searches in the navigation drawer: open one, rename it, delete it. */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { selectSavedSearches, selectSavedSearchesLoading, type SavedSearch } from '../../../machines/search/savedSearchesMachine';
import { useT } from '../i18n/useT';
import { Button } from '../shell/Button';
import { Icon } from '../shell/Icon';
import { Modal } from '../shell/Modal';
import { useActors } from '../session/useActors';
import { NameDialog } from './NameDialog';

const ICON_BUTTON =
  'shrink-0 rounded p-1.5 text-muted hover:bg-primary/10 hover:text-ink focus-visible:outline-2 focus-visible:outline-primary';

/** The saved-search section; `onOpen` runs after one was opened (the drawer closes). */
export function SavedSearchList({ onOpen }: { onOpen: () => void }) {
  const t = useT();
  const { savedSearches } = useActors();
  const list = useSelector(savedSearches, selectSavedSearches);
  const loading = useSelector(savedSearches, selectSavedSearchesLoading);
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  useEffect(() => savedSearches.send({ type: 'savedSearches.listWanted' }), [savedSearches]);
  return (
    <section aria-labelledby="nav-saved">
      <h2 id="nav-saved" className="px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-muted">
        {t('app.savedSearches')}
      </h2>
      {loading ? <p className="px-3 py-2 text-sm text-muted">{t('app.loading')}</p> : null}
      {!loading && list.length === 0 ? <p className="px-3 py-2 text-sm text-muted">{t('app.savedSearches.none')}</p> : null}
      <ul>
        {list.map((saved) => (
          <li key={saved.id} className="flex items-center">
            <button
              type="button"
              // A long name is cut to the drawer's width; the tooltip shows it whole.
              title={saved.name}
              onClick={() => {
                savedSearches.send({ type: 'savedSearches.opened', id: saved.id });
                onOpen();
              }}
              className="min-w-0 flex-1 truncate rounded px-3 py-2 text-left text-sm text-ink hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary"
            >
              {saved.name}
            </button>
            <button
              type="button"
              className={ICON_BUTTON}
              aria-label={`${t('app.savedSearches.rename')}: ${saved.name}`}
              title={t('app.savedSearches.rename')}
              onClick={() => setRenaming(saved)}
            >
              <Icon name="edit" className="h-4 w-4" />
            </button>
            <button
              type="button"
              className={ICON_BUTTON}
              aria-label={`${t('app.savedSearches.delete')}: ${saved.name}`}
              title={t('app.savedSearches.delete')}
              onClick={() => setDeleting(saved)}
            >
              <Icon name="close" className="h-4 w-4" />
            </button>
          </li>
        ))}
      </ul>
      {renaming ? (
        <NameDialog
          open
          title={t('app.savedSearches.renameTitle')}
          initial={renaming.name}
          onClose={() => setRenaming(null)}
          onSubmit={(name) => savedSearches.send({ type: 'savedSearches.renameRequested', id: renaming.id, name })}
        />
      ) : null}
      <Modal
        open={deleting !== null}
        title={t('app.savedSearches.deleteTitle')}
        onClose={() => setDeleting(null)}
        maxWidth={480}
        actions={
          <>
            <Button variant="plain" onClick={() => setDeleting(null)}>
              {t('app.cancel')}
            </Button>
            <Button
              onClick={() => {
                if (deleting) savedSearches.send({ type: 'savedSearches.deleteRequested', id: deleting.id });
                setDeleting(null);
              }}
            >
              {t('app.savedSearches.delete')}
            </Button>
          </>
        }
      >
        {deleting ? t('app.savedSearches.deleteText', { name: deleting.name }) : null}
      </Modal>
    </section>
  );
}
