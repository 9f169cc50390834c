/** ATT: attached files (spec 000 §3, §9): name, size, kind, a thumbnail for images, open and download; editing uploads and removes. */
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useSelector } from '@xstate/react';
import {
  attUploadMachine,
  selectAttUploads,
  type AttEntry,
  type AttUploadActorRef,
  type AttUploadInput,
} from '../../../../machines/item/attUploadMachine';
import { getAuth, getConnection } from '../../../../machines/systemIds';
import { useT } from '../../i18n/useT';
import { useSession } from '../../session/SessionContext';
import { AttachmentCard, cardButton } from '../attachments/AttachmentCard';
import { AttachmentGallery } from '../attachments/AttachmentGallery';
import { useLocalPreviews } from '../attachments/useLocalPreviews';
import { useFieldActors } from './FieldActorsContext';
import type { FieldEditProps, FieldKind, FieldShowProps } from './FieldKind';
import { useFieldActor } from './useFieldActor';

const entries = (v: unknown): AttEntry[] =>
  (Array.isArray(v) ? v : []).filter((e): e is AttEntry => typeof e === 'object' && e !== null && typeof (e as AttEntry).id === 'string');

function Show({ value }: FieldShowProps) {
  return <AttachmentGallery entries={entries(value)} />;
}

/** Whether a drag carries files (not text or a link dragged from the page). */
const carriesFiles = (e: DragEvent): boolean => [...(e.dataTransfer?.types ?? [])].includes('Files');

function Uploads({ uploader, props }: { uploader: AttUploadActorRef; props: FieldEditProps }) {
  const t = useT();
  const { value, inputId, errorId, error, shake, onChange, onBlur } = props;
  const uploads = useSelector(uploader, selectAttUploads);
  const current = useRef(value);
  current.current = value;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    const subscription = uploader.on('att.added', (event) => onChangeRef.current([...entries(current.current), event.entry]));
    return () => subscription.unsubscribe();
  }, [uploader]);
  const list = entries(value);
  // Counted, as dragenter and dragleave fire for every child the drag crosses.
  const [dragDepth, setDragDepth] = useState(0);
  const dragging = dragDepth > 0;
  const previews = useLocalPreviews(uploads.filter((u) => u.status !== 'failed').map((u) => u.name));
  const choose = (files: File[]) => {
    if (!files.length) return;
    previews.add(files);
    uploader.send({ type: 'att.filesChosen', files });
  };
  const dropHandlers = {
    onDragEnter: (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      setDragDepth((d) => d + 1);
    },
    onDragOver: (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (e: DragEvent) => {
      if (carriesFiles(e)) setDragDepth((d) => Math.max(0, d - 1));
    },
    onDrop: (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      setDragDepth(0);
      choose([...e.dataTransfer.files]);
    },
  };
  const border = error ? 'border-red-600 dark:border-red-400' : dragging ? 'border-primary bg-primary/5' : 'border-line';
  return (
    <div
      {...dropHandlers}
      data-dropzone={dragging ? 'active' : ''}
      className={`rounded-lg border-2 border-dashed bg-panel p-3 ${border} ${error && shake ? 'kk-shake' : ''}`}
    >
      {(list.length > 0 || uploads.length > 0) && (
        <ul className="mb-3 grid gap-2 sm:grid-cols-2">
          {list.map((e) => (
            <AttachmentCard
              key={e.id}
              entry={e}
              actions={
                <button
                  type="button"
                  className={cardButton}
                  aria-label={t('app.att.remove', { name: e.originalName })}
                  onClick={() => onChange(list.filter((x) => x.id !== e.id))}
                >
                  <span aria-hidden="true" className="text-xl leading-none">
                    ×
                  </span>
                </button>
              }
            />
          ))}
          {uploads.map((u) => (
            <li key={u.key} className="flex min-w-0 items-center gap-3 rounded-lg border border-line bg-panel p-2 text-sm text-ink">
              {u.status === 'failed' ? (
                <span role="alert" className="min-w-0 flex-1 text-red-700 dark:text-red-300">
                  {u.reason
                    ? t('app.att.uploadRefused', { name: u.name, reason: t(`errors.${u.reason}`) })
                    : t('app.att.uploadFailed', { name: u.name })}
                </span>
              ) : (
                <>
                  {previews.of(u.name) && (
                    <img src={previews.of(u.name)} alt="" className="h-16 w-16 shrink-0 rounded object-cover" data-preview="local" />
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="block truncate">
                      {t('app.att.uploading', { name: u.name, percent: u.total ? u.sent / u.total : 0 })}
                    </span>
                    <progress max={u.total || 1} value={u.sent} aria-label={u.name} className="mt-1 block h-2 w-full accent-primary" />
                  </span>
                </>
              )}
              <button
                type="button"
                className={cardButton}
                aria-label={t('app.att.remove', { name: u.name })}
                onClick={() =>
                  uploader.send(u.status === 'failed' ? { type: 'att.dismissed', key: u.key } : { type: 'att.cancelled', key: u.key })
                }
              >
                <span aria-hidden="true" className="text-xl leading-none">
                  ×
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <label className="inline-flex cursor-pointer items-center gap-2 rounded border border-primary px-3 py-1.5 text-sm font-medium text-primary-ink hover:bg-primary/10 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary dark:border-blue-300 dark:text-blue-300">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="h-5 w-5 fill-current">
            <path d="M19.35 10.04A7.49 7.49 0 0 0 12 4C9.11 4 6.6 5.64 5.35 8.04A6 6 0 0 0 0 14c0 3.31 2.69 6 6 6h13c2.76 0 5-2.24 5-5 0-2.64-2.05-4.78-4.65-4.96M14 13v4h-4v-4H7l5-5 5 5z" />
          </svg>
          {t('app.att.upload')}
          <input
            id={inputId}
            type="file"
            multiple
            className="sr-only"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              choose([...(e.target.files ?? [])]);
              e.target.value = '';
            }}
            onBlur={onBlur}
          />
        </label>
        <span className="text-sm text-muted" aria-hidden="true">
          {dragging ? t('app.att.dropNow') : t('app.att.drop')}
        </span>
      </div>
    </div>
  );
}

function Edit(props: FieldEditProps) {
  const actors = useFieldActors();
  const session = useSession();
  const connection = getConnection(session.system);
  const input: AttUploadInput = {
    name: props.name,
    itemId: props.item?.$id ?? null,
    upload: session.getSnapshot().context.effects.upload,
    token: () => getAuth(session.system)?.getSnapshot().context.token ?? null,
    ...(connection ? { connection } : {}),
  };
  const uploader = useFieldActor(attUploadMachine, input, actors?.attUpload?.(props.name));
  return uploader ? <Uploads uploader={uploader} props={props} /> : null;
}

/** Attached files. */
export const AttField: FieldKind = { Show, Edit, isEmpty: (v) => entries(v).length === 0 };
