/** The form-level message of the account pages. */
import type { ReactNode } from 'react';

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
