/** object: a nested value (a saved search's criteria); shown as a JSON summary, not edited here. */
import type { FieldEditProps, FieldKind, FieldShowProps } from './FieldKind';

const summary = (v: unknown): string => JSON.stringify(v, null, 2) ?? '';

function Show({ value }: FieldShowProps) {
  return <pre className="max-h-48 overflow-auto rounded bg-surface p-2 text-xs">{summary(value)}</pre>;
}

function Edit({ value, inputId }: FieldEditProps) {
  return (
    <pre id={inputId} className="max-h-48 overflow-auto rounded bg-surface p-2 text-xs">
      {value === undefined ? '' : summary(value)}
    </pre>
  );
}

/** A read-only JSON view of a nested value. */
export const ObjectField: FieldKind = {
  Show,
  Edit,
  isEmpty: (v) => v === undefined || v === null || (typeof v === 'object' && Object.keys(v).length === 0),
};
