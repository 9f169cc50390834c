/** HTM: rich text shown through the allow-list; edited in a small contentEditable editor whose output is sanitised. */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { sanitizeRichText } from '../../../shared/items/sanitizeRichText';
import { useT } from '../../i18n/useT';
import type { FieldEditProps, FieldKind, FieldShowProps } from './FieldKind';

const RICH_TEXT =
  'text-ink [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_h4]:font-medium [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-6';

const html = (v: unknown): string => (typeof v === 'string' ? v : '');
const SAFE_LINK = /^(https?:\/\/|mailto:)\S+$/i;

function Show({ value }: FieldShowProps) {
  // The server keeps only sanitised text; sanitising again guards against anything older.
  return <div className={RICH_TEXT} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html(value)) }} />;
}

/** The editing commands of the toolbar, as the browser's editing API names them. */
const COMMANDS = [
  {
    command: 'bold',
    label: 'app.htm.bold',
    path: 'M15.6 10.79c.97-.67 1.65-1.77 1.65-2.79 0-2.26-1.75-4-4-4H7v14h7.04c2.09 0 3.71-1.7 3.71-3.79 0-1.52-.86-2.82-2.15-3.42M10 6.5h3c.83 0 1.5.67 1.5 1.5s-.67 1.5-1.5 1.5h-3zm3.5 9H10v-3h3.5c.83 0 1.5.67 1.5 1.5s-.67 1.5-1.5 1.5',
  },
  { command: 'italic', label: 'app.htm.italic', path: 'M10 4v3h2.21l-3.42 8H6v3h8v-3h-2.21l3.42-8H18V4z' },
  {
    command: 'insertUnorderedList',
    label: 'app.htm.bulletList',
    path: 'M4 10.5c-.83 0-1.5.67-1.5 1.5s.67 1.5 1.5 1.5 1.5-.67 1.5-1.5-.67-1.5-1.5-1.5m0-6c-.83 0-1.5.67-1.5 1.5S3.17 7.5 4 7.5 5.5 6.83 5.5 6 4.83 4.5 4 4.5m0 12c-.83 0-1.5.68-1.5 1.5s.68 1.5 1.5 1.5 1.5-.68 1.5-1.5-.67-1.5-1.5-1.5M7 19h14v-2H7zm0-6h14v-2H7zm0-8v2h14V5z',
  },
  {
    command: 'insertOrderedList',
    label: 'app.htm.numberedList',
    path: 'M2 17h2v.5H3v1h1v.5H2v1h3v-4H2zm1-9h1V4H2v1h1zm-1 3h1.8L2 13.1v.9h3v-1H3.2L5 10.9V10H2zm5-6v2h14V5zm0 14h14v-2H7zm0-6h14v-2H7z',
  },
] as const;
const LINK_PATH =
  'M3.9 12c0-1.71 1.39-3.1 3.1-3.1h4V7H7c-2.76 0-5 2.24-5 5s2.24 5 5 5h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1M8 13h8v-2H8zm9-6h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1s-1.39 3.1-3.1 3.1h-4V17h4c2.76 0 5-2.24 5-5s-2.24-5-5-5';

/** A toolbar glyph; the button's accessible name is its translated label. */
const Glyph = ({ path }: { path: string }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="h-5 w-5 fill-current">
    <path d={path} />
  </svg>
);

function Edit({ value, inputId, errorId, error, shake, onChange, onBlur }: FieldEditProps) {
  const t = useT();
  const editor = useRef<HTMLDivElement>(null);
  const lastSent = useRef<string | null>(null);
  const savedRange = useRef<Range | null>(null);
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('');

  // The editor owns its DOM while typing; only a value from outside (discard, server) replaces it.
  useEffect(() => {
    const el = editor.current;
    if (el && html(value) !== lastSent.current) {
      el.innerHTML = sanitizeRichText(html(value));
      lastSent.current = html(value);
    }
  }, [value]);

  const report = () => {
    const el = editor.current;
    if (!el) return;
    const clean = el.textContent?.trim() === '' && !el.querySelector('li') ? '' : sanitizeRichText(el.innerHTML);
    lastSent.current = clean;
    onChange(clean);
  };
  const run = (command: string, argument?: string) => {
    editor.current?.focus();
    document.execCommand(command, false, argument);
    report();
  };
  const startLink = () => {
    const selection = window.getSelection();
    savedRange.current = selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : null;
    setHref('');
    setLinking(true);
  };
  const applyLink = () => {
    const target = href.trim();
    setLinking(false);
    if (!SAFE_LINK.test(target)) return;
    editor.current?.focus();
    const selection = window.getSelection();
    if (selection && savedRange.current) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
    run('createLink', target);
  };
  const onLinkKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      applyLink();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setLinking(false);
    }
  };
  const button = 'min-w-8 rounded px-2 py-1 text-sm text-ink hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary';
  return (
    <div
      className={`rounded border bg-panel ${error ? 'border-red-600 dark:border-red-400' : 'border-line'} ${error && shake ? 'kk-shake' : ''}`}
    >
      <div
        role="toolbar"
        aria-label={t('app.htm.toolbar')}
        aria-controls={inputId}
        className="flex flex-wrap items-center gap-1 border-b border-line px-1 py-1"
      >
        {COMMANDS.map((c) => (
          <button
            key={c.command}
            type="button"
            aria-label={t(c.label)}
            title={t(c.label)}
            className={button}
            // Keeps the selection in the editor.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => run(c.command)}
          >
            <Glyph path={c.path} />
          </button>
        ))}
        <button
          type="button"
          aria-label={t('app.htm.link')}
          title={t('app.htm.link')}
          className={button}
          onMouseDown={(e) => e.preventDefault()}
          onClick={startLink}
        >
          <Glyph path={LINK_PATH} />
        </button>
        {linking && (
          <input
            type="url"
            // The link address field opens on request, so taking the focus is what the user asked for.
            autoFocus
            aria-label={t('app.htm.linkPrompt')}
            placeholder="https://"
            value={href}
            onChange={(e) => setHref(e.target.value)}
            onKeyDown={onLinkKey}
            onBlur={applyLink}
            className="min-w-0 flex-1 rounded border border-line bg-surface px-2 py-1 text-sm text-ink"
          />
        )}
      </div>
      <div
        ref={editor}
        id={inputId}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={`${inputId}-label`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        contentEditable
        suppressContentEditableWarning
        tabIndex={0}
        className={`min-h-24 px-3 py-2 outline-none focus:ring-2 focus:ring-primary ${RICH_TEXT}`}
        onInput={report}
        onBlur={onBlur}
      />
    </div>
  );
}

/** Rich text. */
export const HtmField: FieldKind = {
  Show,
  Edit,
  isEmpty: (v) =>
    html(v)
      .replace(/<[^>]*>/g, '')
      .trim() === '',
};
