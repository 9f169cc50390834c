/**
 * One attached file as a card (issue 16): a preview (an image's thumbnail, a player for audio and
 * video, else the kind's icon with the file's extension), its name (opened in the browser when it
 * can show it, else downloaded), kind and size, and a download button; `actions` adds the edit
 * form's controls (remove).
 */
import type { ReactNode } from 'react';
import type { AttEntry } from '../../../../machines/item/attUploadMachine';
import { DOWNLOAD_FLAG, isViewableType } from '../../../shared/fileConstants';
import { useT } from '../../i18n/useT';
import { AttKindIcon } from '../fields/AttKindIcon';
import { useFileSizeText } from './useFileSizeText';

/** The file itself, under its name (the browser shows it when it can). */
export const mediaHref = (e: AttEntry): string => `/attachment/${encodeURIComponent(e.id)}/${encodeURIComponent(e.originalName)}`;
/** The file, saved rather than shown. */
export const downloadHref = (e: AttEntry): string => `${mediaHref(e)}?${DOWNLOAD_FLAG}=1`;
/** An image's variant by its upload id (thumb 160 px, small 480 px). */
export const imageHref = (e: AttEntry, variant: 'thumb' | 'small'): string =>
  `/attachment/${encodeURIComponent(e.uppyID)}?variant=${variant}`;

/** The file name's extension in capitals (PDF, DOCX), shown on the kind's icon; empty when none fits. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1) : '';
  return /^[A-Za-z0-9]{1,5}$/.test(ext) ? ext.toUpperCase() : '';
}

export const cardButton =
  'inline-flex h-9 min-w-9 items-center justify-center rounded text-primary-ink hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary dark:text-blue-300';

/** The preview: thumbnail, player or icon. `large` previews (the read screen's gallery) use the 480 px image. */
function Preview({ entry, large }: { entry: AttEntry; large: boolean }) {
  const t = useT();
  const box = large ? 'aspect-[4/3] w-full' : 'h-16 w-16 shrink-0';
  if (entry.kind === 'IMAGE' && entry.uppyID) {
    // Decorative copy of the name link below: out of the tab order and the accessibility tree.
    return (
      <a href={mediaHref(entry)} target="_blank" rel="noopener" tabIndex={-1} aria-hidden="true" className={`block ${box}`}>
        <img
          src={imageHref(entry, large ? 'small' : 'thumb')}
          alt=""
          loading="lazy"
          className={`${box} rounded bg-surface object-cover`}
          data-preview="image"
        />
      </a>
    );
  }
  if (large && entry.kind === 'VIDEO' && isViewableType(entry.filetype)) {
    return (
      <video
        controls
        preload="metadata"
        src={mediaHref(entry)}
        aria-label={t('app.att.play', { name: entry.originalName })}
        className="aspect-video w-full rounded bg-black"
        data-preview="video"
      />
    );
  }
  const ext = extensionOf(entry.originalName);
  return (
    <span className={`${box} flex flex-col items-center justify-center gap-1 rounded bg-surface text-muted`} data-preview="icon">
      <AttKindIcon kind={entry.kind} className={large ? 'h-12 w-12' : 'h-7 w-7'} />
      {ext && <span className="text-xs font-semibold tracking-wide">{ext}</span>}
    </span>
  );
}

export function AttachmentCard({ entry, large = false, actions }: { entry: AttEntry; large?: boolean; actions?: ReactNode }) {
  const t = useT();
  const sizeText = useFileSizeText();
  const viewable = isViewableType(entry.filetype);
  const audio = entry.kind === 'AUDIO' && viewable;
  return (
    <li
      className={`flex min-w-0 rounded-lg border border-line bg-panel p-2 ${large ? 'flex-col gap-2' : 'flex-wrap items-center gap-3'}`}
      data-attachment={entry.id}
    >
      <Preview entry={entry} large={large} />
      <div className="flex min-w-0 flex-1 items-start gap-1">
        <div className="min-w-0 flex-1">
          <a
            href={viewable ? mediaHref(entry) : downloadHref(entry)}
            {...(viewable ? { target: '_blank', rel: 'noopener' } : {})}
            className="block truncate font-medium text-primary-ink underline-offset-2 hover:underline dark:text-blue-300"
            title={entry.originalName}
          >
            {entry.originalName}
          </a>
          <span className="block text-xs text-muted">
            {t(`app.att.kind.${entry.kind}`)} · {sizeText(entry.size)}
          </span>
        </div>
        <a href={downloadHref(entry)} aria-label={t('app.att.download', { name: entry.originalName })} className={cardButton}>
          <AttKindIcon kind="download" className="h-5 w-5" />
        </a>
        {actions}
      </div>
      {audio && (
        <audio
          controls
          preload="none"
          src={mediaHref(entry)}
          aria-label={t('app.att.play', { name: entry.originalName })}
          className={`h-10 w-full shrink-0 ${large ? '' : 'basis-full'}`}
          data-preview="audio"
        />
      )}
    </li>
  );
}
