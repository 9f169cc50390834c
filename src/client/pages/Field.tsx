/** A labelled input of the account forms, with its error or hint tied to it for screen readers. */
import { useId, type InputHTMLAttributes } from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined; hint?: string };

/** A labelled input with its error (announced to screen readers) or hint below. */
export function Field({ label, error, hint, ...input }: FieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? noteId : undefined}
        className={`w-full rounded border bg-surface px-3 py-2 text-ink outline-none focus:ring-2 focus:ring-primary ${error ? 'border-red-600' : 'border-line'}`}
        {...input}
      />
      {error || hint ? (
        <p id={noteId} className={`mt-1 text-xs ${error ? 'text-red-600 dark:text-red-400' : 'text-muted'}`}>
          {error ?? hint}
        </p>
      ) : null}
    </div>
  );
}
