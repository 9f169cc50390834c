/**
 * The support agent's console (`v-assist`, issue 18): the users waiting for help (name, e-mail, page,
 * how long they have waited), joining one, the user's live view, the buttons that ask for control, a
 * call and recording with each consent's state, ending the session, and its audit trail. Its state is
 * the agent console statechart the column holds; someone without the support capability who opens
 * it by its address is told it is not theirs.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import {
  agentConsoleMachine,
  selectConsent,
  selectMayCommand,
  type AgentConsoleSnapshot,
  type ConsentShown,
} from '../../../../machines/assist/agentConsoleMachine';
import { selectUser } from '../../../../machines/session/authSelectors';
import type { SocketLike } from '../../../../machines/session/sessionEffects';
import { useSiteConfig } from '../../../client/hooks/useSiteConfig';
import { useT } from '../../../client/i18n/useT';
import { formatDate } from '../../../client/items/fields/formatDate';
import { useAgo } from '../../../client/items/display/RelativeTime';
import type { CellViewProps } from '../../../client/layout/CellViewProps';
import { useCellViewActor } from '../../../client/layout/useCellViewActor';
import { clientVersion } from '../../../client/platform/clientVersion';
import { socketUrl } from '../../../client/platform/socketUrl';
import { useActors } from '../../../client/session/useActors';
import { Button } from '../../../client/shell/Button';
import { SUPPORT_AGENT } from '../model';
import { CONSENT_KINDS, type ConsentKind } from '../protocol';
import { AssistAuditTrail } from './AssistAuditTrail';
import { browserCallMedia } from './browserCallMedia';
import { CallTile, type PeerCallRef } from './CallTile';
import { LivePicture } from './LivePicture';

const createSocket = (path: string): SocketLike => new WebSocket(socketUrl(window.location, path));

const selectStage = (s: AgentConsoleSnapshot): 'list' | 'joining' | 'joined' | 'ended' =>
  s.matches('List') ? 'list' : s.matches({ Session: 'Joining' }) ? 'joining' : s.matches('Ended') ? 'ended' : 'joined';
const selectConsents = (s: AgentConsoleSnapshot): string => CONSENT_KINDS.map((k) => selectConsent(s, k)).join(',');

export function AgentConsoleView({ cell, spec }: CellViewProps) {
  const t = useT();
  const { auth } = useActors();
  const user = useSelector(auth, selectUser);
  const title = t(`views.${spec.key}`);
  useEffect(() => cell.send({ type: 'cell.described', title, icon: 'support_agent' }), [cell, title]);
  if (user?.capabilities[SUPPORT_AGENT] !== true) {
    return (
      <div className="px-4 py-3">
        <p
          role="alert"
          className="m-0 rounded border border-amber-500/60 bg-amber-50 p-3 text-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
        >
          {t('assist.console.notYours')}
        </p>
      </div>
    );
  }
  return <Console cell={cell} />;
}

function Console({ cell }: Pick<CellViewProps, 'cell'>) {
  const t = useT();
  const { version } = useSiteConfig();
  const actor = useCellViewActor(cell, 'agentConsole', agentConsoleMachine, {
    createSocket,
    clientVersion: clientVersion(version),
    media: browserCallMedia,
  });
  const ref = actor ?? undefined;
  const stage = useSelector(ref, (s) => (s ? selectStage(s) : 'list'));
  const requests = useSelector(ref, (s) => s?.context.requests ?? null);
  const error = useSelector(ref, (s) => s?.context.error ?? null);
  const peerId = useSelector(ref, (s) => s?.context.peerId ?? null);
  const endedBy = useSelector(ref, (s) => s?.context.endedBy ?? null);
  if (!actor) return null;
  if (stage === 'list') {
    return (
      <div className="flex flex-col gap-3 px-4 py-3">
        {error ? (
          <p role="alert" className="m-0 text-sm text-red-700 dark:text-red-300">
            {t(error)}
          </p>
        ) : null}
        <WaitingList requests={requests} onJoin={(id) => actor.send({ type: 'console.join', peerId: id })} />
      </div>
    );
  }
  const joined = requests?.find((r) => r.peerId === peerId);
  return (
    <div className="flex flex-col gap-4 px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="m-0 text-base font-semibold">
          {joined ? t('assist.console.helping', { name: joined.name, email: joined.email }) : t('assist.console.helpingSomeone')}
        </h2>
        {stage === 'ended' ? (
          <Button variant="plain" onClick={() => actor.send({ type: 'console.back' })}>
            {t('assist.console.back')}
          </Button>
        ) : (
          <button
            type="button"
            className="rounded bg-red-700 px-4 py-2 text-sm font-medium text-white hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            onClick={() => actor.send({ type: 'console.end' })}
          >
            {t('assist.console.end')}
          </button>
        )}
      </div>
      {stage === 'joining' ? (
        <p role="status" className="m-0 text-sm">
          {t('assist.console.joining')}
        </p>
      ) : null}
      {stage === 'ended' ? (
        <p role="status" className="m-0 text-sm" data-testid="assist-ended">
          {t(endedBy === 'user' ? 'assist.console.endedByUser' : 'assist.console.endedByYou')}
        </p>
      ) : null}
      {stage === 'joined' ? <Joined actor={actor} /> : null}
      {peerId ? <Audit cell={cell} actor={actor} peerId={peerId} /> : null}
    </div>
  );
}

type ConsoleRef = NonNullable<ReturnType<typeof useCellViewActor<typeof agentConsoleMachine>>>;

function Joined({ actor }: { actor: ConsoleRef }) {
  const view = useSelector(actor, (s) => s.context.view);
  const mayCommand = useSelector(actor, selectMayCommand);
  const refused = useSelector(actor, (s) => s.context.refused);
  const t = useT();
  return (
    <>
      <Consents actor={actor} />
      {refused ? (
        <p role="alert" className="m-0 text-sm text-red-700 dark:text-red-300">
          {t(`assist.console.refused.${refused}`)}
        </p>
      ) : null}
      <LivePicture view={view} onCommand={mayCommand ? (command) => actor.send({ type: 'console.command', command }) : null} />
    </>
  );
}

const ASK: Record<ConsentKind, string> = {
  control: 'assist.console.askControl',
  call: 'assist.console.askCall',
  recording: 'assist.console.askRecording',
};
const STOP: Record<ConsentKind, string> = {
  control: 'assist.console.releaseControl',
  call: 'assist.console.hangUp',
  recording: 'assist.console.stopRecording',
};

function Consents({ actor }: { actor: ConsoleRef }) {
  const t = useT();
  const id = useId();
  const states = useSelector(actor, selectConsents).split(',') as ConsentShown[];
  const call = useSelector(actor, (s) => s.children.call) as PeerCallRef | undefined;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <h3 id={`${id}-title`} className="m-0 text-base font-semibold">
        {t('assist.console.consents')}
      </h3>
      <ul className="m-0 flex list-none flex-wrap gap-3 p-0">
        {CONSENT_KINDS.map((kind, i) => {
          const state = states[i] ?? 'none';
          const held = state === 'granted' || state === 'paused';
          return (
            <li
              key={kind}
              className="flex w-full flex-col gap-2 rounded border border-line bg-panel p-3 sm:w-auto sm:min-w-[14rem]"
              data-testid={`assist-consent-${kind}`}
            >
              <span className="text-sm font-medium">{t(`assist.kindTitle.${kind}`)}</span>
              <span className="text-sm text-muted" role="status">
                {t(`assist.consent.${state}`)}
              </span>
              {kind === 'call' && held && call ? <CallTile call={call} label={t('assist.call.userPicture')} /> : null}
              {held ? (
                <Button variant="plain" onClick={() => actor.send({ type: 'console.release', kind })}>
                  {t(STOP[kind])}
                </Button>
              ) : (
                <Button disabled={state === 'asked'} onClick={() => actor.send({ type: 'console.request', kind })}>
                  {t(ASK[kind])}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Audit({ cell, actor, peerId }: { cell: CellViewProps['cell']; actor: ConsoleRef; peerId: string }) {
  const revision = useSelector(actor, (s) => `${selectConsents(s)}|${selectStage(s)}`);
  return <AssistAuditTrail cell={cell} peerId={peerId} revision={revision} />;
}

interface WaitingRow {
  peerId: string;
  name: string;
  email: string;
  path: string;
  title: string;
  askedAt: string;
  agents: { agentId: string; name: string }[];
}

function WaitingList({ requests, onJoin }: { requests: WaitingRow[] | null; onJoin: (peerId: string) => void }) {
  const t = useT();
  const ago = useAgo();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <h2 id={`${id}-title`} className="m-0 text-base font-semibold">
        {t('assist.console.waiting')}
      </h2>
      {requests === null ? (
        <p role="status" className="m-0 text-sm text-muted">
          {t('app.loading')}
        </p>
      ) : requests.length === 0 ? (
        <p className="m-0 text-sm text-muted">{t('assist.console.nobody')}</p>
      ) : (
        // On a phone the e-mail goes under the name, so the row fits and Join stays in sight; scrolls sideways if it still does not.
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm" data-testid="assist-waiting">
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('assist.console.col.name')}
                </th>
                <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                  {t('assist.console.col.email')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('assist.console.col.page')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('assist.console.col.waiting')}
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">{t('assist.console.col.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {requests.map((r) => (
                <tr key={r.peerId} className="border-b border-line">
                  <td className="py-2 pr-3">
                    {r.name}
                    <span className="block break-all text-xs text-muted sm:hidden">{r.email}</span>
                  </td>
                  <td className="hidden py-2 pr-3 sm:table-cell">{r.email}</td>
                  <td className="py-2 pr-3">{r.title || t('assist.console.homePage')}</td>
                  <td className="py-2 pr-3">
                    {ago(Date.parse(r.askedAt))}
                    <span className="block text-xs text-muted">{formatDate(r.askedAt, true)}</span>
                    {r.agents.length > 0 ? (
                      <span className="block text-xs text-muted">
                        {t('assist.console.with', { names: r.agents.map((a) => a.name).join(', ') })}
                      </span>
                    ) : null}
                  </td>
                  <td className="py-2 text-right">
                    <Button onClick={() => onJoin(r.peerId)} aria-label={t('assist.console.joinName', { name: r.name })}>
                      {t('assist.console.join')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
