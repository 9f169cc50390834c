/**
 * What a screen the user may not use shows instead of itself (issue 16 problem 4): a padlock, what was
 * refused, why in one sentence, optionally the address, and the way out the caller gives.
 */
import type { ReactNode } from 'react';

// Material Design's "lock": a screen that is there but closed to this user, unlike the not-found 404.
const LOCK =
  'M18 8h-1V6c0-2.76-2.24-5-5-5S7 3.24 7 6v2H6c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V10c0-1.1-.9-2-2-2m-6 9c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2m3.1-9H8.9V6c0-1.71 1.39-3.1 3.1-3.1s3.1 1.39 3.1 3.1z';

/** Link and button look of the notice's way out, shared by its callers. */
export const NOTICE_ACTION =
  'inline-block rounded bg-primary px-4 py-2 text-sm font-medium text-white hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

interface Props {
  heading: string;
  text: string;
  /** The address that was asked for, shown as text. */
  address?: string;
  /** The way out: a link home, back to the record, or closing the column. */
  children: ReactNode;
}

/** The notice a refused screen shows in its column. */
export function NotAllowedNotice({ heading, text, address, children }: Props) {
  return (
    <div className="mx-auto max-w-xl px-4 py-10 text-ink" data-testid="not-allowed">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="mb-3 h-12 w-12 fill-current text-muted">
        <path d={LOCK} />
      </svg>
      <h3 className="mb-3 text-2xl font-semibold">{heading}</h3>
      <p className="mb-4">{text}</p>
      {address ? (
        <p className="mb-6 break-all rounded border border-line bg-surface px-3 py-2 font-mono text-sm" data-testid="not-allowed-address">
          {address}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">{children}</div>
    </div>
  );
}
