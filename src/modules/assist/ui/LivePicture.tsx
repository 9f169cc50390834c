/**
 * The user's tab as the support agent sees it (issue 18): drawn read-only from the streamed live
 * view (their address, their columns with titles, field labels and values, the focused field). While
 * the agent holds control, the address can be changed, a listed line opened in the next column, and
 * a field of a form filled in; each is sent as a command that the user's tab replays.
 */
import { useEffect, useId, useState } from 'react';
import type { LiveCell, LiveView } from '../liveView';
import type { AssistCommand } from '../protocol';
import { useT } from '../../../client/i18n/useT';
import { Button } from '../../../client/shell/Button';

export interface LivePictureProps {
  view: LiveView | null;
  /** Set while the agent may send commands (control granted, the user's tab visible). */
  onCommand: ((command: AssistCommand) => void) | null;
}

const inputClass =
  'min-w-0 flex-1 rounded border border-line bg-panel px-2 py-1 text-sm text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary';

export function LivePicture({ view, onCommand }: LivePictureProps) {
  const t = useT();
  const id = useId();
  const [address, setAddress] = useState(view?.path ?? '');
  useEffect(() => setAddress(view?.path ?? ''), [view?.path]);
  if (!view) {
    return (
      <p role="status" className="text-sm text-muted">
        {t('assist.console.noView')}
      </p>
    );
  }
  return (
    <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-2" data-testid="assist-live-view">
      <h3 id={`${id}-title`} className="m-0 text-base font-semibold">
        {t('assist.console.liveView')}
        {view.hidden ? <span className="ml-2 text-sm font-normal text-muted">{t('assist.console.tabHidden')}</span> : null}
      </h3>
      <form
        className="flex items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (onCommand && address.startsWith('/')) onCommand({ type: 'navigate', path: address });
        }}
      >
        <label htmlFor={`${id}-address`} className="text-sm font-medium text-muted">
          {t('assist.console.address')}
        </label>
        <input
          id={`${id}-address`}
          className={inputClass}
          value={onCommand ? address : view.path}
          readOnly={!onCommand}
          onChange={(e) => setAddress(e.target.value)}
        />
        {onCommand ? <Button type="submit">{t('assist.console.go')}</Button> : null}
      </form>
      <p className="m-0 text-sm text-muted" data-testid="assist-live-focus">
        {view.focus
          ? t('assist.console.focus', { label: view.focus.label || t('assist.console.unnamedField') })
          : t('assist.console.noFocus')}
      </p>
      <div className="flex min-w-0 gap-2 overflow-x-auto rounded border border-line bg-neutral-50 p-2 dark:bg-neutral-900">
        {view.cells.length === 0 ? <p className="m-0 text-sm text-muted">{t('assist.console.home')}</p> : null}
        {view.cells.map((cell) => (
          <PictureColumn
            key={cell.key}
            cell={cell}
            focused={view.focus?.cellKey === cell.key ? view.focus.label : null}
            onCommand={onCommand}
          />
        ))}
      </div>
    </section>
  );
}

function PictureColumn({ cell, focused, onCommand }: { cell: LiveCell; focused: string | null; onCommand: LivePictureProps['onCommand'] }) {
  const t = useT();
  const id = useId();
  const editable = onCommand && cell.mode === 'edit';
  return (
    <article
      aria-labelledby={`${id}-title`}
      className="flex w-72 shrink-0 flex-col gap-2 rounded border border-line bg-panel p-3"
      data-testid={`assist-live-cell-${cell.key}`}
    >
      <header>
        <h4 id={`${id}-title`} className="m-0 text-sm font-semibold text-ink">
          {cell.title || cell.typeLabel || t('assist.console.untitled')}
        </h4>
        <p className="m-0 text-xs text-muted">
          {cell.typeLabel ? `${cell.typeLabel} · ` : ''}
          {t(`assist.console.mode.${cell.mode}`)}
        </p>
      </header>
      {cell.fields.length > 0 ? (
        <dl className="m-0 grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-x-2 gap-y-1 text-sm">
          {cell.fields.map((field) => (
            <div key={field.name} className="contents">
              <dt className={`font-medium text-muted ${focused === field.label ? 'underline decoration-primary decoration-2' : ''}`}>
                {field.label}
              </dt>
              <dd className="m-0 min-w-0 break-words text-ink">
                {editable && field.fillable ? (
                  <FillInput
                    label={field.label}
                    value={field.value}
                    onFill={(value) => onCommand({ type: 'fill', cellKey: cell.key, name: field.name, value })}
                  />
                ) : (
                  field.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {cell.lines.length > 0 ? (
        <ul className="m-0 flex list-none flex-col gap-1 p-0 text-sm">
          {cell.lines.map((line) => (
            <li key={line.segment}>
              {onCommand ? (
                <button
                  type="button"
                  className="text-left text-primary underline focus-visible:outline-2 focus-visible:outline-primary"
                  onClick={() => onCommand({ type: 'open', fromKey: cell.key, segment: line.segment })}
                >
                  {line.label}
                </button>
              ) : (
                line.label
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

/** A field the agent fills in for the user: sent on Enter or when leaving it, when changed. */
function FillInput({ label, value, onFill }: { label: string; value: string; onFill: (value: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const send = () => {
    if (text !== value) onFill(text);
  };
  return (
    <input
      aria-label={label}
      className={`${inputClass} w-full`}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={send}
      onKeyDown={(e) => {
        if (e.key === 'Enter') send();
      }}
    />
  );
}
