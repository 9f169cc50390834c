/**
 * The live-assist widget (issue 18): opened by the help menu's support request, pre-identified with
 * the user's name and e-mail (spec 000 §2). It asks for help, says whether an agent is there, shows
 * each consent prompt as it comes (spec 000 §8's texts and buttons), what is granted with a way to
 * take it back, a red dashed border round the page while recording, and End, which ends everything.
 * It renders the help session actor and sends it events, nothing more.
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { selectAssistConnectionStatus, type assistConnectionMachine } from '../../../../machines/assist/assistConnection';
import { assistChild, type AssistAsker, type assistSessionMachine } from '../../../../machines/assist/assistSessionMachine';
import type { LiveTab } from '../../../../machines/assist/liveStream';
import { selectCallActor, type callingMachine } from '../../../../machines/assist/callingMachine';
import type { CallMedia } from '../../../../machines/assist/peerConnection';
import type { RecordMedia } from '../../../../machines/assist/tabRecorder';
import type { controlMachine } from '../../../../machines/assist/controlMachine';
import type { recordingMachine } from '../../../../machines/assist/recordingMachine';
import type { SocketFactory } from '../../../../machines/session/sessionEffects';
import { Button } from '../../../client/shell/Button';
import { useT } from '../../../client/i18n/useT';
import { agentDisplayName, AssistMessage, type ConsentKind } from '../protocol';
import { CallTile, type PeerCallRef } from './CallTile';
import { SavedRecordings } from './SavedRecordings';

export type AssistSessionRef = ActorRefFrom<typeof assistSessionMachine>;

/** What asking for help needs of the browser: the socket factory, the client's version and the ids of the request and the tab. */
export interface AssistConnect {
  createSocket: SocketFactory;
  clientVersion: string;
  peerId: string;
  tabId: string;
  /** The tab the agent sees (the live view) and controls once granted. */
  tab?: LiveTab;
  /** The devices and WebRTC a call uses. */
  media?: CallMedia;
  /** The recorder of this tab. */
  recorder?: RecordMedia;
}

export interface AssistWidgetProps {
  session: AssistSessionRef;
  asker: AssistAsker;
  connect: () => AssistConnect;
  onClose: () => void;
  /** Deletes one of the user's recordings (an Attachment); without it, recordings are not listed. */
  deleteRecording?: (id: string) => Promise<void>;
}

const PROMPTS: { kind: ConsentKind; text: string; accept: string }[] = [
  { kind: 'call', text: AssistMessage.callPrompt, accept: AssistMessage.answer },
  { kind: 'control', text: AssistMessage.controlPrompt, accept: AssistMessage.grantControl },
  { kind: 'recording', text: AssistMessage.recordingPrompt, accept: AssistMessage.allowRecording },
];

type ControlRef = ActorRefFrom<typeof controlMachine>;
type CallingRef = ActorRefFrom<typeof callingMachine>;
type RecordingRef = ActorRefFrom<typeof recordingMachine>;
type ConnectionRef = ActorRefFrom<typeof assistConnectionMachine>;

export function AssistWidget({ session, asker, connect, onClose, deleteRecording }: AssistWidgetProps) {
  const t = useT();
  const active = useSelector(session, (s) => s.matches('Active'));
  const agents = useSelector(session, (s) => s.context.agents);
  const endedByAgent = useSelector(session, (s) => s.context.endedByAgent);
  const connection = useSelector(session, (s) => assistChild(s, 'connection')) as ConnectionRef | undefined;
  const control = useSelector(session, (s) => assistChild(s, 'control')) as ControlRef | undefined;
  const calling = useSelector(session, (s) => assistChild(s, 'calling')) as CallingRef | undefined;
  const recording = useSelector(session, (s) => assistChild(s, 'recording')) as RecordingRef | undefined;
  const status = useSelector(connection, (s) => (s ? selectAssistConnectionStatus(s) : 'idle'));
  const controlState = useSelector(control, (s) =>
    s ? (s.matches('Requesting') ? 'asked' : s.matches({ Enabled: 'Paused' }) ? 'paused' : s.matches('Enabled') ? 'on' : 'off') : 'off',
  );
  const callState = useSelector(calling, (s) => (s ? (s.matches('Requesting') ? 'asked' : s.matches('True') ? 'on' : 'off') : 'off'));
  const call = useSelector(calling, (s) => (s ? selectCallActor(s) : undefined)) as PeerCallRef | undefined;
  const recordingState = useSelector(recording, (s) =>
    s ? (s.matches('Requested') ? 'asked' : s.hasTag('border') ? 'on' : 'off') : 'off',
  );
  const asked: Record<ConsentKind, boolean> = {
    control: controlState === 'asked',
    call: callState === 'asked',
    recording: recordingState === 'asked',
  };

  // Control is released while the tab is hidden and resumed when it shows again (spec 000 §4).
  useEffect(() => {
    if (!active) return undefined;
    const report = (): void => session.send({ type: 'assist.visibility', visible: document.visibilityState !== 'hidden' });
    document.addEventListener('visibilitychange', report);
    return () => document.removeEventListener('visibilitychange', report);
  }, [active, session]);

  const ask = (): void => session.send({ type: 'assist.ask', asker, ...connect() });
  const answer = (kind: ConsentKind, accept: boolean): void => session.send({ type: 'assist.answer', kind, accept });
  const release = (kind: ConsentKind): void => session.send({ type: 'assist.release', kind });

  const statusText =
    status === 'open'
      ? agents.length > 0
        ? t('assist.status.helping', { names: agents.map((a) => agentDisplayName(a.name)).join(', '), count: agents.length })
        : t('assist.status.waiting')
      : status === 'failed'
        ? t('assist.status.failed')
        : status === 'reconnecting'
          ? t('assist.status.reconnecting')
          : t('assist.status.connecting');

  return (
    <>
      {recordingState === 'on' ? (
        <div
          data-testid="assist-recording-border"
          aria-hidden="true"
          className="pointer-events-none fixed inset-0 z-[60] border-4 border-dashed border-red-600"
        />
      ) : null}
      <section
        role="dialog"
        aria-modal="false"
        aria-labelledby="assist-title"
        className="fixed bottom-4 right-4 z-[61] w-[min(22rem,calc(100vw-2rem))] rounded-lg border border-neutral-300 bg-white p-4 text-sm text-neutral-900 shadow-xl dark:border-neutral-600 dark:bg-neutral-800 dark:text-neutral-100"
      >
        <h2 id="assist-title" className="mb-2 text-base font-semibold">
          {t('assist.title')}
        </h2>
        {!active ? (
          <>
            <p className="mb-2">{endedByAgent ? t('assist.endedByAgent') : t('assist.intro')}</p>
            <p className="mb-3 text-neutral-600 dark:text-neutral-300">{t('assist.you', { name: asker.name, email: asker.email })}</p>
            {deleteRecording ? <SavedRecordings onDelete={deleteRecording} /> : null}
            <div className="flex justify-end gap-2">
              <Button variant="plain" onClick={onClose}>
                {t('assist.close')}
              </Button>
              <Button onClick={ask}>{t('assist.ask')}</Button>
            </div>
          </>
        ) : (
          <>
            <p role="status" className="mb-3">
              {statusText}
            </p>
            {PROMPTS.filter((p) => asked[p.kind]).map((p) => (
              <div
                key={p.kind}
                role="alertdialog"
                aria-label={t(p.text)}
                className="mb-3 rounded border border-primary/40 bg-primary/5 p-3"
              >
                <p className="mb-2 font-medium">{t(p.text)}</p>
                <div className="flex justify-end gap-2">
                  <Button variant="plain" onClick={() => answer(p.kind, false)}>
                    {t(AssistMessage.reject)}
                  </Button>
                  <Button onClick={() => answer(p.kind, true)}>{t(p.accept)}</Button>
                </div>
              </div>
            ))}
            {controlState === 'on' || controlState === 'paused' ? (
              <Granted
                text={t(controlState === 'on' ? 'assist.state.control' : 'assist.state.controlPaused')}
                action={t('assist.stopControl')}
                onAction={() => release('control')}
              />
            ) : null}
            {callState === 'on' ? (
              <>
                <Granted text={t('assist.state.call')} action={t('assist.hangUp')} onAction={() => release('call')} />
                {call ? (
                  <div className="mb-3">
                    <CallTile call={call} label={t('assist.call.agentPicture')} />
                  </div>
                ) : null}
              </>
            ) : null}
            {recordingState === 'on' ? (
              <Granted text={t('assist.state.recording')} action={t('assist.stopRecording')} onAction={() => release('recording')} />
            ) : null}
            {deleteRecording ? <SavedRecordings onDelete={deleteRecording} /> : null}
            <div className="flex justify-end">
              <button
                type="button"
                className="rounded bg-red-700 px-4 py-2 text-sm font-medium text-white hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                onClick={() => session.send({ type: 'assist.end' })}
              >
                {t('assist.end')}
              </button>
            </div>
          </>
        )}
      </section>
    </>
  );
}

function Granted({ text, action, onAction }: { text: string; action: string; onAction: () => void }) {
  return (
    <div className="mb-3 flex items-center justify-between gap-2">
      <span>{text}</span>
      <Button variant="plain" className="shrink-0 whitespace-nowrap" onClick={onAction}>
        {action}
      </Button>
    </div>
  );
}
