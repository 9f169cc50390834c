/** A time shown relative to now ("3 hours ago"), kept true by the session's clock. */
import { useSelector } from '@xstate/react';
import { selectNow } from '../../../../machines/session/clockMachine';
import { useIntl } from '../../i18n/IntlContext';
import { useT } from '../../i18n/useT';
import { useActors } from '../../session/useActors';
import { formatDate } from '../fields/formatDate';
import { relativeTime } from '../relativeTime';

/** "3 hours ago" (or "now") for a time in ms; re-renders its component at each tick of the session clock. */
export function useAgo(): (at: number) => string {
  const intl = useIntl();
  const t = useT();
  // Each tick of the clock renders again; the text is reckoned from the time of the render itself, so
  // a time first shown between two ticks is not up to a tick behind ("2 hours ago" for 3 hours).
  const tick = useSelector(useActors().clock, selectNow);
  const now = Math.max(tick, Date.now());
  return (at) => {
    const ago = relativeTime(at, now);
    return ago.now ? t('app.time.now') : intl.formatRelativeTime(-ago.value, ago.unit, { numeric: 'always' });
  };
}

/** `<time>` with the relative text, the full date and time in its tooltip; an unreadable time as it is. */
export function RelativeTime({ iso }: { iso: string }) {
  const ago = useAgo();
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return <span>{iso}</span>;
  return (
    <time dateTime={iso} title={formatDate(iso, true)}>
      {ago(at)}
    </time>
  );
}
