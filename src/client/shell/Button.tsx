/** The app's buttons: primary (filled) and plain (text). */
import type { ButtonHTMLAttributes } from 'react';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'plain' };

const LOOK = {
  primary: 'bg-primary text-white hover:brightness-110 disabled:opacity-60',
  plain: 'text-primary-ink hover:bg-primary/10 dark:text-blue-300',
} as const;

/** A button with the app's look; `type` defaults to "button". */
export function Button({ variant = 'primary', className = '', type = 'button', ...rest }: Props) {
  return (
    <button
      type={type}
      className={`rounded px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${LOOK[variant]} ${className}`}
      {...rest}
    />
  );
}
