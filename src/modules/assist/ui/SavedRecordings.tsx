/**
 * The recordings made in this tab's help sessions (issue 18), in the widget: each one saving, saved
 * (open it, delete it) or failed. They are Attachments on the user's own record.
 */
import { useState, useSyncExternalStore } from 'react';
import { useT } from '../../../client/i18n/useT';
import { Button } from '../../../client/shell/Button';
import { recordingList, type RecordingEntry } from './recordingList';

export interface SavedRecordingsProps {
  /** Deletes the Attachment (the user's own). */
  onDelete(id: string): Promise<void>;
}

export function SavedRecordings({ onDelete }: SavedRecordingsProps) {
  const t = useT();
  const entries = useSyncExternalStore(recordingList.subscribe, recordingList.snapshot);
  if (entries.length === 0) return null;
  return (
    <ul className="m-0 mb-3 flex list-none flex-col gap-2 p-0" aria-label={t('assist.recording.list')}>
      {entries.map((e) => (
        <Entry key={e.key} entry={e} onDelete={onDelete} />
      ))}
    </ul>
  );
}

function Entry({ entry, onDelete }: { entry: RecordingEntry; onDelete: (id: string) => Promise<void> }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  if (entry.status !== 'saved' || !entry.id) {
    return <li role="status">{t(`assist.recording.${entry.status}`, { name: entry.name })}</li>;
  }
  const id = entry.id;
  const remove = (): void => {
    setFailed(false);
    onDelete(id).then(
      () => recordingList.update(entry.key, { status: 'deleted' }),
      () => setFailed(true),
    );
  };
  return (
    <li className="flex flex-col gap-1">
      <span>{t('assist.recording.saved', { name: entry.name })}</span>
      <span className="flex flex-wrap items-center gap-3">
        <a
          href={`/attachment/${encodeURIComponent(id)}/${encodeURIComponent(entry.name)}`}
          target="_blank"
          rel="noopener"
          className="text-primary underline"
        >
          {t('assist.recording.open')}
        </a>
        <Button variant="plain" onClick={remove} aria-label={t('assist.recording.deleteName', { name: entry.name })}>
          {t('assist.recording.delete')}
        </Button>
      </span>
      {failed ? (
        <span role="alert" className="text-red-700 dark:text-red-300">
          {t('assist.recording.deleteFailed')}
        </span>
      ) : null}
    </li>
  );
}
