/** REL: chips of the related items; editing is a searching combobox driven by the relation chooser actor. */
import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useSelector } from '@xstate/react';
import {
  relPickerMachine,
  selectRelChosen,
  selectRelError,
  selectRelExpanded,
  selectRelHighlighted,
  selectRelOptions,
  selectRelStatus,
  selectRelText,
  type RelOrgRule,
  type RelPickerActorRef,
  type RelPickerInput,
} from '../../../../machines/item/relPickerMachine';
import { getConnection, getRouter } from '../../../../machines/systemIds';
import { SEARCH_MIN_TEXT } from '../../../shared/constants';
import type { Item, ItemTypeDef } from '../../../shared/items/types';
import { useT } from '../../i18n/useT';
import { useSession } from '../../session/SessionContext';
import { useFieldActors } from './FieldActorsContext';
import { HiddenItem } from '../display/HiddenItem';
import type { FieldEditProps, FieldKind, FieldShowProps } from './FieldKind';
import { useFieldActor } from './useFieldActor';

const relIds = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .map((v) => (v as { id?: unknown } | null)?.id)
    .filter((id): id is string => typeof id === 'string');

const relIdOf = (value: unknown): string | null => relIds(value)[0] ?? null;

/** The organisation-and-contacts rule a property takes part in (spec 001 §5), read from its type. */
export function orgRuleOf(type: ItemTypeDef, name: string, item: Item | null): RelOrgRule | undefined {
  for (const pair of type.orgContacts ?? []) {
    if (pair.contacts === name) return { role: 'contacts', org: relIdOf(item?.[pair.org]), ...(pair.optional ? { optional: true } : {}) };
    if (pair.org === name) return { role: 'org', org: null, ...(pair.optional ? { optional: true } : {}) };
  }
  return undefined;
}

type RelKey = 'ArrowDown' | 'ArrowUp' | 'Enter' | 'Escape' | 'Backspace';
const KEYS = new Set<string>(['ArrowDown', 'ArrowUp', 'Enter', 'Escape', 'Backspace']);

/** A related item's label linking to it; modifier or middle click opens a new tab. */
function RelLink({ id, label }: { id: string; label: string }) {
  const session = useSession();
  const href = `/i-${id}`;
  const follow = (event: MouseEvent, newTab: boolean) => {
    const router = getRouter(session.system);
    if (!router) return;
    event.preventDefault();
    router.send({ type: 'router.linkFollowed', href, newTab });
  };
  return (
    <a
      href={href}
      data-item={id}
      onClick={(e) => follow(e, e.metaKey || e.ctrlKey || e.shiftKey)}
      onAuxClick={(e) => (e.button === 1 ? follow(e, true) : undefined)}
      className="inline-flex max-w-full items-center truncate rounded-full border border-line bg-surface px-2.5 py-0.5 text-sm text-ink no-underline hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary"
    >
      {label}
    </a>
  );
}

function Show({ value, item }: FieldShowProps) {
  return (
    <span className="flex flex-wrap gap-1">
      {relIds(value).map((id) =>
        item.$labels[id] ? <RelLink key={id} id={id} label={item.$labels[id]} /> : <HiddenItem key={id} id={id} />,
      )}
    </span>
  );
}

function Picker({ picker, props }: { picker: RelPickerActorRef; props: FieldEditProps }) {
  const t = useT();
  const { inputId, errorId, error, shake, onChange, onBlur, def } = props;
  const chosen = useSelector(picker, selectRelChosen);
  const options = useSelector(picker, selectRelOptions);
  const text = useSelector(picker, selectRelText);
  const highlighted = useSelector(picker, selectRelHighlighted);
  const expanded = useSelector(picker, selectRelExpanded);
  const status = useSelector(picker, selectRelStatus);
  const pickerError = useSelector(picker, selectRelError);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    const subscription = picker.on('relPicker.changed', (event) => onChangeRef.current(event.value));
    return () => subscription.unsubscribe();
  }, [picker]);

  const listId = `${inputId}-options`;
  const ruleErrorId = `${inputId}-rule-error`;
  const optionId = (index: number) => `${inputId}-option-${index}`;
  const invalid = !!error || !!pickerError;
  const describedBy = [error ? errorId : null, pickerError ? ruleErrorId : null].filter(Boolean).join(' ') || undefined;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const key = event.key as RelKey;
    if (!KEYS.has(key)) return;
    // Backspace edits the text; only on empty text does it take the last chip away.
    if (key === 'Backspace' && text !== '') return;
    // Escape on a closed list is left to the cell (which may close); Enter never submits the form.
    if (key !== 'Backspace' && (key !== 'Escape' || expanded)) event.preventDefault();
    picker.send({ type: 'relPicker.keyPressed', key });
  };
  return (
    <div className="relative">
      <div
        className={`flex flex-wrap items-center gap-1 rounded border bg-panel px-2 py-1 focus-within:ring-2 focus-within:ring-primary ${
          invalid ? 'border-red-600 dark:border-red-400' : 'border-line'
        } ${invalid && shake ? 'kk-shake' : ''}`}
      >
        {chosen.map((c) => (
          <span
            key={c.id}
            className="inline-flex items-center gap-1 rounded-full border border-line bg-surface py-0.5 pl-2.5 pr-1 text-sm text-ink"
          >
            {c.label}
            <button
              type="button"
              aria-label={t('app.rel.remove', { label: c.label })}
              className="rounded-full px-1 text-muted hover:bg-primary/10 hover:text-ink focus-visible:outline-2 focus-visible:outline-primary"
              onClick={() => picker.send({ type: 'relPicker.removed', id: c.id })}
            >
              ×
            </button>
          </span>
        ))}
        <input
          id={inputId}
          role="combobox"
          type="text"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={highlighted >= 0 && options[highlighted] ? optionId(highlighted) : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          aria-required={def.required === true || undefined}
          value={text}
          placeholder={chosen.length === 0 || def.multiple ? t('app.rel.placeholder') : ''}
          className="min-w-[8rem] flex-1 bg-transparent py-1 text-ink outline-none placeholder:text-muted"
          onChange={(e) => picker.send({ type: 'relPicker.typed', text: e.target.value })}
          onKeyDown={onKeyDown}
          onBlur={() => {
            picker.send({ type: 'relPicker.closed' });
            onBlur();
          }}
        />
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('app.rel.options')}
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded border border-line bg-panel py-1 shadow-lg"
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === highlighted}
            className={`cursor-pointer px-3 py-1.5 text-sm text-ink ${index === highlighted ? 'bg-primary/15' : 'hover:bg-primary/10'}`}
            // Keeps the focus in the input, whose blur would close the list before the click lands.
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => picker.send({ type: 'relPicker.highlighted', index })}
            onClick={() => picker.send({ type: 'relPicker.chosen', id: option.id })}
          >
            {option.label}
          </li>
        ))}
        {status && (
          <li role="presentation" className="px-3 py-1.5 text-sm text-muted">
            {status === 'keepTyping'
              ? t('app.keepTyping', { min: SEARCH_MIN_TEXT })
              : status === 'searching'
                ? t('app.searching')
                : t('app.noResults.NONE')}
          </li>
        )}
      </ul>
      {pickerError && (
        <p id={ruleErrorId} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {t(pickerError)}
        </p>
      )}
    </div>
  );
}

function Edit(props: FieldEditProps) {
  const { name, def, value, item, type } = props;
  const actors = useFieldActors();
  const session = useSession();
  const connection = getConnection(session.system);
  const input: RelPickerInput = {
    ...(connection ? { connection } : {}),
    name,
    relTypes: def.relTypes ?? [],
    multiple: !!def.multiple,
    selfId: item?.$id ?? null,
    value,
    labels: item?.$labels ?? {},
    ...(orgRuleOf(type, name, item) ? { orgRule: orgRuleOf(type, name, item)! } : {}),
  };
  const picker = useFieldActor(relPickerMachine, input, actors?.relPicker(name));
  return picker ? <Picker picker={picker} props={props} /> : null;
}

/** A relation to other items. */
export const RelField: FieldKind = { Show, Edit, isEmpty: (v) => relIds(v).length === 0 };
