/**
 * The help menu's support request (spec 000 §2): the live-assist widget for the signed-in user,
 * pre-identified with their name and e-mail; a signed-out visitor is asked to sign in first.
 */
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { selectUser } from '../../../../machines/session/authSelectors';
import type { SocketLike } from '../../../../machines/session/sessionEffects';
import { AssistSystemId } from '../../../../machines/assist/assistSystemIds';
import { getAuth, getConnection, getRouter } from '../../../../machines/systemIds';
import { assistChild } from '../../../../machines/assist/assistSessionMachine';
import { selectCallActor, type callingMachine } from '../../../../machines/assist/callingMachine';
import { callOperation } from '../../../../machines/session/operation';
import { formatDate } from '../../../client/items/fields/formatDate';
import { operations } from '../../../shared/protocol/operations';
import { callOf } from '../../../shared/protocol/operationCall';
import type { SnapshotFrom } from 'xstate';
import { useSiteConfig } from '../../../client/hooks/useSiteConfig';
import { addModuleMessages } from '../../../client/i18n/moduleCatalogue';
import { useIntl } from '../../../client/i18n/IntlContext';
import { useT } from '../../../client/i18n/useT';
import type { SupportWidgetProps } from '../../../client/modules/ModuleClient';
import { clientVersion } from '../../../client/platform/clientVersion';
import { socketUrl } from '../../../client/platform/socketUrl';
import { useActors } from '../../../client/session/useActors';
import { useSession } from '../../../client/session/SessionContext';
import { Button } from '../../../client/shell/Button';
import { AssistWidget, type AssistSessionRef } from './AssistWidget';
import { browserCallMedia } from './browserCallMedia';
import { createBrowserRecorder } from './browserRecorder';
import { createLiveTab } from './liveTab';
import { assistMessages } from './messages';

// The chunk's messages join the catalogue when it arrives, before the widget renders.
addModuleMessages(assistMessages);

const TAB_KEY = 'kk-assist-tab';
/** The name under which recordings hang on the user's record. */
const RECORDINGS_PROP = 'assistRecordings';

/** This tab's id, kept for the tab's life (sessionStorage), so a reload rejoins the same help request's tab. */
function tabId(): string {
  try {
    const known = window.sessionStorage.getItem(TAB_KEY);
    if (known) return known;
    const id = crypto.randomUUID();
    window.sessionStorage.setItem(TAB_KEY, id);
    return id;
  } catch {
    return crypto.randomUUID();
  }
}

export function AssistSupport({ onClose }: SupportWidgetProps) {
  const t = useT();
  const intl = useIntl();
  const session = useSession();
  const { auth } = useActors();
  const user = useSelector(auth, selectUser);
  const { version } = useSiteConfig();
  const [location] = useLocation();
  const assist = session.system.get(AssistSystemId.assist) as AssistSessionRef | undefined;

  if (!user || !assist) {
    return (
      <section
        role="dialog"
        aria-modal="false"
        aria-labelledby="assist-title"
        className="fixed bottom-4 right-4 z-[61] w-[min(22rem,calc(100vw-2rem))] rounded-lg border border-neutral-300 bg-white p-4 text-sm text-neutral-900 shadow-xl dark:border-neutral-600 dark:bg-neutral-800 dark:text-neutral-100"
      >
        <h2 id="assist-title" className="mb-2 text-base font-semibold">
          {t('assist.title')}
        </h2>
        <p className="mb-3">{t('assist.signIn')}</p>
        <div className="flex justify-end">
          <Button variant="plain" onClick={onClose}>
            {t('assist.close')}
          </Button>
        </div>
      </section>
    );
  }
  // The title of the column the user works in: the agents' waiting list names the page by it.
  const pageTitle = (): string => {
    const cells = getRouter(session.system)?.getSnapshot().context.cells ?? [];
    return cells.length > 0 ? (cells[cells.length - 1]!.ref.getSnapshot().context.title ?? '') : '';
  };
  const token = (): string | null => getAuth(session.system)?.getSnapshot().context.token ?? null;
  // A recording is stored on the user's own record (User-n), which only they (and administrators) may change.
  const upload = (file: File): Promise<string> =>
    session.getSnapshot().context.effects.upload(file, {
      token: token(),
      metadata: { filename: file.name, relType: user._t, relIndex: String(user._i), relProp: RECORDINGS_PROP },
      onProgress: () => undefined,
    }).done;
  const callStreams = (): MediaStream[] => {
    const calling = assistChild(assist.getSnapshot(), 'calling');
    const call = calling ? selectCallActor(calling.getSnapshot() as SnapshotFrom<typeof callingMachine>) : undefined;
    const context = call?.getSnapshot().context as { localStream: MediaStream | null; remoteStream: MediaStream | null } | undefined;
    return [context?.remoteStream, context?.localStream].filter((s): s is MediaStream => !!s);
  };
  const connect = () => {
    // What the agent sees of this tab and may do in it (only while control is granted).
    const tab = createLiveTab({ system: session.system, intl, win: window });
    return {
      createSocket: (path: string): SocketLike => new WebSocket(socketUrl(window.location, path)),
      clientVersion: clientVersion(version),
      peerId: crypto.randomUUID(),
      tabId: tabId(),
      tab,
      media: browserCallMedia,
      recorder: createBrowserRecorder({
        callStreams,
        tab,
        upload,
        fileName: (started) => `${t('assist.recording.fileName', { when: formatDate(started.toISOString(), true) })}.webm`,
      }),
    };
  };
  const deleteRecording = async (id: string): Promise<void> => {
    await callOperation(getConnection(session.system), callOf(operations.delete, null, { id }));
  };
  return (
    <AssistWidget
      session={assist}
      asker={{ name: user.name, email: user.email, path: location, title: pageTitle() }}
      connect={connect}
      onClose={onClose}
      deleteRecording={deleteRecording}
    />
  );
}
