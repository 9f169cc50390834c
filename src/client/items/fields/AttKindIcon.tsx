/** The icon of an attachment kind (spec 000 §9: AUDIO, DOCUMENT, IMAGE, OTHER, VIDEO), as inline SVG. */
import type { AttachmentKind } from '../../../shared/fileConstants';

const PATHS: Record<AttachmentKind | 'download', string> = {
  AUDIO: 'M12 3v10.55A4 4 0 1 0 14 17V7h4V3z',
  DOCUMENT: 'M14 2H6c-1.1 0-2 .9-2 2v16c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V8zm2 16H8v-2h8zm0-4H8v-2h8zm-3-5V3.5L18.5 9z',
  IMAGE: 'M21 19V5c0-1.1-.9-2-2-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2M8.5 13.5l2.5 3.01L14.5 12l4.5 6H5z',
  OTHER:
    'M16.5 6v11.5c0 2.21-1.79 4-4 4s-4-1.79-4-4V5a2.5 2.5 0 0 1 5 0v10.5c0 .55-.45 1-1 1s-1-.45-1-1V6H10v9.5a2.5 2.5 0 0 0 5 0V5c0-2.21-1.79-4-4-4S7 2.79 7 5v12.5c0 3.04 2.46 5.5 5.5 5.5s5.5-2.46 5.5-5.5V6z',
  VIDEO: 'M17 10.5V7c0-.55-.45-1-1-1H4c-.55 0-1 .45-1 1v10c0 .55.45 1 1 1h12c.55 0 1-.45 1-1v-3.5l4 4v-11z',
  download: 'M19 9h-4V3H9v6H5l7 7zM5 18v2h14v-2z',
};

/** A 24 px decorative icon for `kind` (or the download arrow); the control around it carries the name. */
export function AttKindIcon({ kind, className = 'h-6 w-6' }: { kind: AttachmentKind | 'download'; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={`${className} fill-current`} data-kind={kind}>
      <path d={PATHS[kind] ?? PATHS.OTHER} />
    </svg>
  );
}
