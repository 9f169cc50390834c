/** ATT: attached files (spec 000 §3, §9): name, size, kind, a thumbnail for images, open and download; editing uploads and removes. */
import { useEffect, useRef, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import {
  attUploadMachine,
  selectAttUploads,
  type AttEntry,
  type AttUploadActorRef,
  type AttUploadInput,
} from '../../../../machines/item/attUploadMachine';
import { getAuth, getConnection } from '../../../../machines/systemIds';
import { DOWNLOAD_FLAG, isViewableType } from '../../../shared/fileConstants';
import { useIntl } from '../../i18n/IntlContext';
import { useT } from '../../i18n/useT';
import { useSession } from '../../session/SessionContext';
import { AttKindIcon } from './AttKindIcon';
import { useFieldActors } from './FieldActorsContext';
import type { FieldEditProps, FieldKind, FieldShowProps } from './FieldKind';
import { fileSize } from './fileSize';
import { useFieldActor } from './useFieldActor';

const entries = (v: unknown): AttEntry[] =>
  (Array.isArray(v) ? v : []).filter((e): e is AttEntry => typeof e === 'object' && e !== null && typeof (e as AttEntry).id === 'string');

const mediaHref = (e: AttEntry): string => `/attachment/${encodeURIComponent(e.id)}/${encodeURIComponent(e.originalName)}`;

function useSizeText(): (bytes: number) => string {
  const intl = useIntl();
  const t = useT();
  return (bytes) => {
    const { size, unit } = fileSize(bytes);
    return t('app.att.size', { size: intl.formatNumber(size, { maximumFractionDigits: 1 }), unit });
  };
}

/** One attached file: thumbnail or kind icon, name (opened in the browser when it can show it), size, download. */
function FileRow({ entry, children }: { entry: AttEntry; children?: ReactNode }) {
  const t = useT();
  const sizeText = useSizeText();
  const viewable = isViewableType(entry.filetype);
  return (
    <li className="flex items-center gap-3 py-1">
      {entry.kind === 'IMAGE' && entry.uppyID ? (
        <img
          src={`/attachment/${encodeURIComponent(entry.uppyID)}?variant=thumb`}
          alt=""
          className="h-10 w-10 rounded object-cover"
          loading="lazy"
        />
      ) : (
        <span className="flex h-10 w-10 items-center justify-center rounded bg-surface text-muted">
          <AttKindIcon kind={entry.kind} />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <a
          href={viewable ? mediaHref(entry) : `${mediaHref(entry)}?${DOWNLOAD_FLAG}=1`}
          {...(viewable ? { target: '_blank', rel: 'noopener' } : {})}
          className="block truncate text-primary underline dark:text-blue-300"
        >
          {entry.originalName}
        </a>
        <span className="text-xs text-muted">
          {t(`app.att.kind.${entry.kind}`)} · {sizeText(entry.size)}
        </span>
      </span>
      <a
        href={`${mediaHref(entry)}?${DOWNLOAD_FLAG}=1`}
        aria-label={t('app.att.download', { name: entry.originalName })}
        className="rounded px-2 py-1 text-sm text-primary-ink hover:bg-primary/10 dark:text-blue-300"
      >
        <AttKindIcon kind="download" className="h-5 w-5" />
      </a>
      {children}
    </li>
  );
}

function Show({ value }: FieldShowProps) {
  return (
    <ul className="divide-y divide-line">
      {entries(value).map((e) => (
        <FileRow key={e.id} entry={e} />
      ))}
    </ul>
  );
}

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
  const button =
    'rounded px-2 py-1 text-sm text-primary-ink hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary dark:text-blue-300';
  return (
    <div
      className={`rounded border bg-panel px-3 py-2 ${error ? 'border-red-600 dark:border-red-400' : 'border-line'} ${error && shake ? 'kk-shake' : ''}`}
    >
      <ul className="divide-y divide-line">
        {list.map((e) => (
          <FileRow key={e.id} entry={e}>
            <button
              type="button"
              className={button}
              aria-label={t('app.att.remove', { name: e.originalName })}
              onClick={() => onChange(list.filter((x) => x.id !== e.id))}
            >
              ×
            </button>
          </FileRow>
        ))}
        {uploads.map((u) => (
          <li key={u.key} className="flex items-center gap-3 py-1 text-sm text-ink">
            {u.status === 'failed' ? (
              <span role="alert" className="flex-1 text-red-700 dark:text-red-300">
                {u.reason
                  ? t('app.att.uploadRefused', { name: u.name, reason: t(`errors.${u.reason}`) })
                  : t('app.att.uploadFailed', { name: u.name })}
              </span>
            ) : (
              <>
                <span className="min-w-0 flex-1 truncate">
                  {t('app.att.uploading', { name: u.name, percent: u.total ? u.sent / u.total : 0 })}
                </span>
                <progress max={u.total || 1} value={u.sent} aria-label={u.name} className="h-2 w-32 accent-primary" />
              </>
            )}
            <button
              type="button"
              className={button}
              aria-label={t('app.att.remove', { name: u.name })}
              onClick={() =>
                uploader.send(u.status === 'failed' ? { type: 'att.dismissed', key: u.key } : { type: 'att.cancelled', key: u.key })
              }
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <label className={`mt-1 inline-block cursor-pointer ${button} focus-within:outline-2 focus-within:outline-primary`}>
        {t('app.att.upload')}
        <input
          id={inputId}
          type="file"
          multiple
          className="sr-only"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            if (files.length) uploader.send({ type: 'att.filesChosen', files });
            e.target.value = '';
          }}
          onBlur={onBlur}
        />
      </label>
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
