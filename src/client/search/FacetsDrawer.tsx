/** On a phone, the facets as a sheet over the results, opened from the toolbar, so the results come first on the screen. */
import type { RefObject } from 'react';
import type { SearchResultsActorRef } from '../../../machines/search/searchResultsMachine';
import { useT } from '../i18n/useT';
import { Button } from '../shell/Button';
import { Icon } from '../shell/Icon';
import { useRadix } from '../shell/radixModule';
import { FacetsPanel } from './FacetsPanel';

interface Props {
  results: SearchResultsActorRef;
  open: boolean;
  onClose: () => void;
  /** The button that opened it, which has the focus back when it closes. */
  opener: RefObject<HTMLButtonElement | null>;
}

/** The facets drawer; each choice narrows the results behind it at once, "Show results" closes it. */
export function FacetsDrawer({ results, open, onClose, opener }: Props) {
  const t = useT();
  const radix = useRadix(open);
  if (!radix) return null;
  const { Dialog } = radix;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85vh] flex-col rounded-t-xl border-t border-line bg-panel text-ink shadow-xl"
        >
          <div className="flex shrink-0 items-center justify-between border-b border-line px-4 py-2">
            <Dialog.Title className="text-base font-semibold">{t('app.results.facets')}</Dialog.Title>
            <Dialog.Close
              aria-label={t('app.close')}
              className="rounded-full p-2 text-muted hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary"
            >
              <Icon name="close" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-3">
            <FacetsPanel results={results} inDrawer />
          </div>
          <div className="flex shrink-0 justify-end border-t border-line px-4 py-2">
            <Button onClick={onClose}>{t('app.results.facetsDone')}</Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
