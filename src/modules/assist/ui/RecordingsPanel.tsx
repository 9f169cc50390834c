/**
 * "Live help recordings" on a user's record (issue 18): the recordings of her help sessions, stored
 * as Attachments on her User item, each with its date and size, Open and Delete. Shown to the user
 * herself and to administrators (the server answers no one else); followed live, so a recording
 * saved in another tab appears. Its state is one actor of the column
 * (machines/assist/userRecordingsMachine.ts).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { selectUser } from '../../../../machines/session/authSelectors';
import { userRecordingsMachine } from '../../../../machines/assist/userRecordingsMachine';
import { selectWatchedListBusy, selectWatchedListData, selectWatchedListError } from '../../../../machines/session/watchedListMachine';
import { AdminError } from '../../../client/admin/AdminError';
import { useFileSizeText } from '../../../client/items/attachments/useFileSizeText';
import { formatDate } from '../../../client/items/fields/formatDate';
import { useT } from '../../../client/i18n/useT';
import type { ItemPanelProps } from '../../../client/items/itemPanels';
import { useCellViewActor } from '../../../client/layout/useCellViewActor';
import { useActors } from '../../../client/session/useActors';
import { Button } from '../../../client/shell/Button';
import { operations } from '../../../shared/protocol/operations';
import { callOf } from '../../../shared/protocol/operationCall';
import { ASSIST_RECORDINGS_PROP, assistOperations, type AssistRecordingRow } from '../operations';
import { recordingList } from './recordingList';

const selectMe = (s: Parameters<typeof selectUser>[0]): string | null => selectUser(s)?.$id ?? null;
const selectAdmin = (s: Parameters<typeof selectUser>[0]): boolean => selectUser(s)?.admin === true;

/** The panel, on her own record (or for an administrator), when the record is not deleted. */
export function RecordingsPanel({ item, cell }: ItemPanelProps) {
  const { auth } = useActors();
  const me = useSelector(auth, selectMe);
  const admin = useSelector(auth, selectAdmin);
  if (item.$deleted || (me !== item.$id && !admin)) return null;
  return <Recordings userId={item.$id} userIndex={item._i} own={me === item.$id} cell={cell} />;
}

function Recordings({ userId, userIndex, own, cell }: { userId: string; userIndex: number; own: boolean; cell: ItemPanelProps['cell'] }) {
  const t = useT();
  const base = useId();
  const sizeText = useFileSizeText();
  const load = useMemo(() => callOf(assistOperations.recordings, { userId }), [userId]);
  const actor = useCellViewActor(cell, `assistRecordings:${userId}`, userRecordingsMachine, {
    userIndex,
    relProp: ASSIST_RECORDINGS_PROP,
    load,
  });
  const data = useSelector(actor ?? undefined, (s) =>
    s ? (selectWatchedListData(s) as { recordings: AssistRecordingRow[] } | null) : null,
  );
  const error = useSelector(actor ?? undefined, (s) => (s ? selectWatchedListError(s) : null));
  const busy = useSelector(actor ?? undefined, (s) => (s ? selectWatchedListBusy(s) : true));
  // Once a deletion asked here is done (the list read again without it), the widget's entry for it says it was deleted.
  const deleting = useRef<string | null>(null);
  useEffect(() => {
    const id = deleting.current;
    if (!id || busy || !data) return;
    deleting.current = null;
    if (!error && !data.recordings.some((r) => r.id === id)) recordingList.deleted(id);
  }, [busy, data, error]);
  // An administrator sees the panel on someone else's record only once there is something in it.
  if (!own && data && data.recordings.length === 0) return null;
  const remove = (id: string): void => {
    deleting.current = id;
    actor?.send({ type: 'recordings.deleteRequested', call: callOf(operations.delete, null, { id }) });
  };
  return (
    <section
      aria-labelledby={`${base}-title`}
      className="mx-4 mb-4 flex flex-col gap-2 rounded border border-line p-3"
      data-testid="assist-recordings"
    >
      <h4 id={`${base}-title`} className="m-0 font-semibold">
        {t('assist.recordings.title')}
      </h4>
      <AdminError error={error} />
      {data === null ? (
        <p role="status" className="m-0 text-sm text-muted">
          {t('app.loading')}
        </p>
      ) : data.recordings.length === 0 ? (
        <p className="m-0 text-sm text-muted">{t('assist.recordings.none')}</p>
      ) : (
        <ul className="m-0 flex list-none flex-col divide-y divide-line p-0">
          {data.recordings.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-3 py-2 text-sm">
              <span className="min-w-0 flex-1">
                <span className="block break-words">{r.name}</span>
                <span className="block text-muted">
                  {t('assist.recordings.when', { when: formatDate(r.createdAt, true) })}
                  {r.size !== null ? ` · ${sizeText(r.size)}` : ''}
                </span>
              </span>
              <a
                href={`/attachment/${encodeURIComponent(r.id)}/${encodeURIComponent(r.name)}`}
                target="_blank"
                rel="noopener"
                className="text-primary underline"
                aria-label={t('assist.recordings.openName', { name: r.name })}
              >
                {t('assist.recording.open')}
              </a>
              <Button
                variant="plain"
                disabled={busy}
                onClick={() => remove(r.id)}
                aria-label={t('assist.recording.deleteName', { name: r.name })}
              >
                {t('assist.recording.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
