/** A refused admin request, as the error catalogue words it. */
import type { ResourceError as AdminErrorValue } from '../../../machines/session/resourceMachine';
import { useT } from '../i18n/useT';

/** `errors.{userMessage}`, or nothing. */
export function AdminError({ error }: { error: AdminErrorValue | null }) {
  const t = useT();
  if (!error) return null;
  const key = error.userMessage.startsWith('errors.') ? error.userMessage : `errors.${error.userMessage}`;
  return (
    <p role="alert" className="rounded border border-red-400/60 bg-red-500/10 px-3 py-2 text-sm text-ink">
      {t(key)}
    </p>
  );
}

/** The form-rule key the server gave for `field`, translated, if any. */
export function useFieldError(error: AdminErrorValue | null): (field: string) => string | undefined {
  const t = useT();
  return (field) => {
    const key = error?.fields?.[field];
    return key ? t(key) : undefined;
  };
}
