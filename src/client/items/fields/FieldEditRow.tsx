/** One property of the edit form: its label (with the required marker), its kind's input, its error. */
import type { Item, ItemTypeDef, PropertyDef } from '../../../shared/items/types';
import { useT } from '../../i18n/useT';
import { FIELD_KINDS } from './fieldKinds';
import { fieldMessage } from './fieldMessage';
import { TextField } from './TextField';
import { useModuleFieldEditor } from './useModuleFieldEditor';
import { labelKey } from '../labelKey';

export interface FieldEditRowProps {
  name: string;
  def: PropertyDef;
  value: unknown;
  item: Item | null;
  type: ItemTypeDef;
  inputId: string;
  error: string | null;
  shake: boolean;
  onChange(name: string, value: unknown): void;
  onBlur(name: string): void;
}

/** A labelled input of one property, with `aria-invalid` and `aria-describedby` tying it to its error. */
export function FieldEditRow({ name, def, value, item, type, inputId, error, shake, onChange, onBlur }: FieldEditRowProps) {
  const t = useT();
  // Kinds without their own component yet are typed as text, so the form still covers every property.
  const kind = FIELD_KINDS[def.kind] ?? TextField;
  // A module may draw this property its own way (a workflow template's steps): its editor, once loaded.
  const moduleEditor = useModuleFieldEditor(type.name, name);
  const Edit = moduleEditor.status === 'ready' ? moduleEditor.Edit : kind.Edit;
  const errorId = `${inputId}-error`;
  const message = error ? fieldMessage(def, error) : null;
  return (
    <div className="mb-4">
      {/* The required star is drawn by CSS: the input says aria-required, and the label's name stays the plain label. */}
      <label
        id={`${inputId}-label`}
        htmlFor={inputId}
        className={`mb-1 block text-sm font-medium text-ink ${def.required === true ? "after:ml-1 after:text-red-600 after:content-['*'] dark:after:text-red-400" : ''}`}
      >
        {t(labelKey(type, name, def))}
      </label>
      {moduleEditor.status === 'loading' ? (
        <p id={inputId} tabIndex={-1} role="status" className="text-sm text-muted">
          {t('app.loading')}
        </p>
      ) : (
        <Edit
          name={name}
          def={def}
          value={value}
          item={item}
          type={type}
          inputId={inputId}
          errorId={errorId}
          error={error}
          shake={shake}
          onChange={(v) => onChange(name, v)}
          onBlur={() => onBlur(name)}
        />
      )}
      {message ? (
        <p id={errorId} className="mt-1 text-xs text-red-600 dark:text-red-400">
          {t(message.key, message.values)}
        </p>
      ) : null}
    </div>
  );
}
