/** The results view's Save search button: names the current settings and saves them as a SavedSearch item. */
import { useState, type ReactNode } from 'react';
import type { SavedSearchSettings } from '../../../machines/search/savedSearchesMachine';
import { useT } from '../i18n/useT';
import { Button } from '../shell/Button';
import { useActors } from '../session/useActors';
import { NameDialog } from './NameDialog';

/** A button that saves `settings` (criteria, facets, sort and display) under a name the user gives; `trigger` draws another button. */
export function SaveSearchButton({ settings, trigger }: { settings: SavedSearchSettings; trigger?: (open: () => void) => ReactNode }) {
  const t = useT();
  const { savedSearches } = useActors();
  const [open, setOpen] = useState(false);
  return (
    <>
      {trigger ? (
        trigger(() => setOpen(true))
      ) : (
        <Button variant="plain" onClick={() => setOpen(true)}>
          {t('app.savedSearches.save')}
        </Button>
      )}
      {open ? (
        <NameDialog
          open
          title={t('app.savedSearches.saveTitle')}
          initial={settings.searchString}
          onClose={() => setOpen(false)}
          onSubmit={(name) => savedSearches.send({ type: 'savedSearches.saveRequested', name, settings })}
        />
      ) : null}
    </>
  );
}
