/** A time shown relative to now ("3 hours ago"), the full date and time in its tooltip. */
import { useIntl } from '../../i18n/IntlContext';
import { useT } from '../../i18n/useT';
import { formatDate } from '../fields/formatDate';
import { relativeTime } from '../relativeTime';

/** `<time>` with the relative text; `now` is passed by callers that re-render on a clock. */
export function RelativeTime({ iso, now = Date.now() }: { iso: string; now?: number }) {
  const intl = useIntl();
  const t = useT();
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return <span>{iso}</span>;
  const ago = relativeTime(at, now);
  return (
    <time dateTime={iso} title={formatDate(iso, true)}>
      {ago.now ? t('app.time.now') : intl.formatRelativeTime(-ago.value, ago.unit, { numeric: 'always' })}
    </time>
  );
}
