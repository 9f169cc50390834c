/** A refused request of the module's panels, as the error catalogue words it. */
import type { ItemError } from '../../../../machines/item/itemRequest';
import { useT } from '../../../client/i18n/useT';

/** `errors.{userMessage}` (a field error's own key when the server named one), or nothing. */
export function PanelError({ error }: { error: ItemError | null }) {
  const t = useT();
  if (!error) return null;
  const key = error.userMessage.startsWith('errors.') ? error.userMessage : `errors.${error.userMessage}`;
  return (
    <p role="alert" className="rounded border border-red-400/60 bg-red-500/10 px-3 py-2 text-sm text-ink">
      {t(key)}
    </p>
  );
}
