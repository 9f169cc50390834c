/** The body of an item's edit and create screens: the form of its type's properties, Save and Discard. */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo } from 'react';
import {
  selectDraft,
  selectFormError,
  selectFormErrors,
  selectFormItem,
  selectFormReady,
  selectShakes,
  selectRelPicker,
  selectShaking,
  type ItemFormActorRef,
} from '../../../machines/item/itemFormMachine';
import { formType } from '../../../machines/item/itemFormData';
import { selectDirty, selectDirtyState, selectSavedAt, type CellActorRef, type CellSnapshot } from '../../../machines/router/cellMachine';
import type { CellSpec } from '../../../machines/router/parseLocation';
import type { FieldErrors } from '../../shared/items/itemSchema';
import { useT } from '../i18n/useT';
import { Button } from '../shell/Button';
import { FieldActorsProvider, type FieldActors } from './fields/FieldActorsContext';
import { FieldEditRow } from './fields/FieldEditRow';
import { wizardOf } from '../../shared/itemWizards';
import { ItemWizard } from '../wizard/ItemWizard';
import { offeredInForm } from './offeredInForm';
import { formGroups } from './layout/itemLayout';

const selectForm = (snapshot: CellSnapshot): ItemFormActorRef | null => snapshot.context.form;
const selectSaving = (snapshot: CellSnapshot): boolean => selectDirtyState(snapshot) === 'SAVING';
const selectSavedNow = (snapshot: CellSnapshot): boolean => selectSavedAt(snapshot) !== null && !selectDirty(snapshot);
const sameErrors = (a: FieldErrors, b: FieldErrors): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** The edit (context `edit`) or create (index 0) screen of one item cell. */
export function ItemEditor({ cell, spec }: { cell: CellActorRef; spec: CellSpec }) {
  const form = useSelector(cell, selectForm);
  if (!form || !spec.itemId) return null;
  // A type whose module declares steps is created and edited through them (docs/modules.md "Step wizards").
  const wizard = wizardOf(spec.itemId.split('-')[0] ?? '');
  if (wizard) return <ItemWizard cell={cell} spec={spec} form={form} def={wizard} />;
  return <FormBody cell={cell} form={form} typeName={spec.itemId.split('-')[0] ?? ''} creating={spec.itemId.endsWith('-0')} />;
}

function FormBody({ cell, form, typeName, creating }: { cell: CellActorRef; form: ItemFormActorRef; typeName: string; creating: boolean }) {
  const t = useT();
  const idPrefix = useId();
  const type = formType(typeName);
  const ready = useSelector(form, selectFormReady);
  const draft = useSelector(form, selectDraft);
  const item = useSelector(form, selectFormItem);
  const errors = useSelector(form, selectFormErrors, sameErrors);
  const formError = useSelector(form, selectFormError);
  const shaking = useSelector(form, selectShaking);
  const shakes = useSelector(form, selectShakes);
  const dirty = useSelector(cell, selectDirty);
  const saving = useSelector(cell, selectSaving);
  const savedNow = useSelector(cell, selectSavedNow);
  // Server-kept properties are shown on the read screen only (those given once, on the create form too).
  const offered = Object.keys(type.properties).filter((name) => offeredInForm(type.properties[name]!, creating));
  // Grouped in the sections of the read screen (src/client/items/layout/itemLayout.ts); the caret goes to the first invalid field in that order.
  const groups = formGroups(type, offered);
  const names = groups.flatMap((group) => group.properties);
  const inputId = (name: string): string => `${idPrefix}-${name}`;
  // The relation choosers live in the form (it tells the contacts chooser which organisation is chosen).
  const fieldActors = useMemo<FieldActors>(() => ({ relPicker: (name) => selectRelPicker(form.getSnapshot(), name), form }), [form]);

  // A failed save brings the first invalid input into view and puts the caret there (spec 000 §5).
  useEffect(() => {
    if (shakes === 0) return;
    const first = names.find((name) => errors[name]);
    const element = first ? document.getElementById(inputId(first)) : null;
    element?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    element?.focus();
    // Only a new failed save moves the focus, not every keystroke after it.
  }, [shakes]);

  if (!ready) return <p className="p-4 text-muted">{t('app.form.loading')}</p>;
  return (
    <form
      noValidate
      className="w-full max-w-2xl p-4"
      onSubmit={(e) => {
        e.preventDefault();
        cell.send({ type: 'cell.saveRequested' });
      }}
    >
      {formError ? (
        <p
          role="alert"
          className="mb-4 rounded border border-amber-500 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {t(formError)}
        </p>
      ) : null}
      <FieldActorsProvider actors={fieldActors}>
        {groups.map((group) => (
          <fieldset key={group.key} data-section={group.key} className="m-0 mb-2 min-w-0 border-0 p-0">
            {group.legend ? <legend className="mb-3 p-0 text-base font-semibold text-ink">{t(group.legend)}</legend> : null}
            {group.properties.map((name) => (
              <FieldEditRow
                key={name}
                name={name}
                def={type.properties[name]!}
                value={draft[name]}
                item={item}
                type={type}
                inputId={inputId(name)}
                error={errors[name] ?? null}
                shake={shaking}
                onChange={(n, value) => form.send({ type: 'form.changed', name: n, value })}
                onBlur={(n) => form.send({ type: 'form.blurred', name: n })}
              />
            ))}
          </fieldset>
        ))}
      </FieldActorsProvider>
      <div className="flex items-center gap-2 border-t border-line pt-4">
        <Button type="submit" disabled={!dirty || saving}>
          {t('app.form.save')}
        </Button>
        <Button variant="plain" disabled={!dirty || saving} onClick={() => cell.send({ type: 'cell.discardRequested' })}>
          {t('app.form.discard')}
        </Button>
        {savedNow ? (
          <span role="status" className="text-sm text-muted">
            {t('app.form.savedNow')}
          </span>
        ) : null}
      </div>
    </form>
  );
}
