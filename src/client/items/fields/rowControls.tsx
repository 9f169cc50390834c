/**
 * What the form's ordered lists share (the generic list of rows, a module's own list editor such as
 * the workflow template's steps): the row's icon buttons, and a key per row that moves with it.
 */
import { useEffect, useState } from 'react';

/** Arrow and bin icons of the rows' buttons (Material Design paths). */
const ROW_ICONS = {
  up: 'M4 12l1.41 1.41L11 7.83V20h2V7.83l5.58 5.59L20 12l-8-8z',
  down: 'M20 12l-1.41-1.41L13 16.17V4h-2v12.17l-5.58-5.59L4 12l8 8z',
  remove: 'M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z',
} as const;

/** A row's icon button, named by its label (also its tooltip). */
export function RowButton({
  icon,
  label,
  disabled,
  onClick,
  buttonRef,
  large,
}: {
  icon: keyof typeof ROW_ICONS;
  label: string;
  disabled?: boolean;
  onClick(): void;
  buttonRef?: (el: HTMLButtonElement | null) => void;
  /** The larger target of a card's buttons. */
  large?: boolean;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={`inline-flex ${large ? 'h-10 w-10' : 'h-9 w-9'} items-center justify-center rounded text-primary-ink hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-40 disabled:hover:bg-transparent dark:text-blue-300`}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="h-5 w-5 fill-current">
        <path d={ROW_ICONS[icon]} />
      </svg>
    </button>
  );
}

let rowSeq = 0;
/** A key for a new row. */
export const newRowKey = (): string => `r${++rowSeq}`;

/**
 * A key per row that moves with it, so each row's inputs (and a relation chooser's state) stay its
 * own when rows move: the keys for `count` rows as shown, and the setter for a change that moves them.
 */
export function useRowKeys(count: number): [string[], (keys: string[]) => void] {
  const [keys, setKeys] = useState<string[]>(() => Array.from({ length: count }, newRowKey));
  const shown = keys.length === count ? keys : Array.from({ length: count }, (_, i) => keys[i] ?? newRowKey());
  useEffect(() => {
    if (shown !== keys) setKeys(shown);
  }, [shown, keys]);
  return [shown, setKeys];
}
