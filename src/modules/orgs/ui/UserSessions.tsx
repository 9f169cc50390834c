/** The signed-in user's own open sessions on their User item, each with End (spec 001 §2, issue "sessions"). */
import { useEffect, useId } from 'react';
import { useT } from '../../../client/i18n/useT';
import { Button } from '../../../client/shell/Button';
import { PanelError } from './PanelError';
import { useOrgsAdmin } from './useOrgsAdmin';
import { useUserEntry } from './useUserEntry';

/** Lists the sessions of `userId` (the user themself) when shown. */
export function UserSessions({ userId }: { userId: string }) {
  const t = useT();
  const orgs = useOrgsAdmin();
  const orgsSessionsId = useId();
  const { sessions, busy, error } = useUserEntry(orgs, userId);
  useEffect(() => orgs.send({ type: 'orgs.sessionsRequested', userId }), [orgs, userId]);
  const ending = busy.includes('endSession');
  return (
    <section aria-labelledby={orgsSessionsId} className="flex flex-col gap-2 px-4 py-3">
      <h4 id={orgsSessionsId} className="font-semibold">
        {t('orgs.sessions.title')}
      </h4>
      <PanelError error={error} />
      {sessions === null ? (
        <p className="text-sm text-muted">{t('app.loading')}</p>
      ) : sessions.length === 0 ? (
        <p className="text-sm text-muted">{t('orgs.sessions.none')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded border border-line">
          {sessions.map((s) => {
            const started = Date.parse(s.started);
            return (
              <li key={s.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                <span className="flex-1">
                  {t('orgs.sessions.row', { started, expires: Date.parse(s.expires) })}
                  {s.current ? <strong className="ml-2 text-primary">{t('orgs.sessions.current')}</strong> : null}
                  {s.masqueraded ? <span className="ml-2 text-muted">{t('orgs.sessions.masqueraded')}</span> : null}
                </span>
                <Button
                  variant="plain"
                  disabled={ending}
                  aria-label={t('orgs.sessions.endLabel', { started })}
                  onClick={() => orgs.send({ type: 'orgs.sessionEnded', userId, sessionId: s.id })}
                >
                  {t('orgs.sessions.end')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
