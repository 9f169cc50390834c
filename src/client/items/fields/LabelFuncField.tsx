/** labelFunc: a label the type computes from the item; shown, never typed. */
import type { FieldEditProps, FieldKind, FieldShowProps } from './FieldKind';

function Show({ value }: FieldShowProps) {
  return <span>{String(value)}</span>;
}

function Edit({ value, item, type, inputId }: FieldEditProps) {
  const computed = item ? type.label(item) : typeof value === 'string' ? value : '';
  return (
    <output id={inputId} className="block py-2 text-ink">
      {computed}
    </output>
  );
}

/** A computed, read-only label. */
export const LabelFuncField: FieldKind = { Show, Edit, isEmpty: (v) => typeof v !== 'string' || v === '' };
