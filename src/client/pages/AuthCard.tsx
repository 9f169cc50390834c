/** The frame of the account pages: a centred card with a title, and the form fields they share. */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

/** A centred card titled `title` (also the document title). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-16">
      <section className="rounded-lg border border-line bg-panel p-6 shadow-sm sm:p-8">
        <h1 className="mb-6 text-2xl font-semibold">{title}</h1>
        {children}
      </section>
    </div>
  );
}

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

const MESSAGE_LOOK = {
  error: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
  info: 'bg-green-50 text-green-800 dark:bg-green-950 dark:text-green-200',
  note: 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
} as const;

/** A form-level message: an error (role alert), a confirmation or a note (role status). */
export function FormMessage({ kind, children }: { kind: keyof typeof MESSAGE_LOOK; children: ReactNode }) {
  return (
    <p role={kind === 'error' ? 'alert' : 'status'} className={`mb-4 rounded px-3 py-2 text-sm ${MESSAGE_LOOK[kind]}`}>
      {children}
    </p>
  );
}
