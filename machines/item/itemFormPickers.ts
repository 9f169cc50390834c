/**
 * The relation choosers an item form keeps, one per editable REL property (spec 000 §5): what each
 * starts from, which follow a changed organisation (spec 001 §5), and what a discard sets them to.
 */
import type { Item, ItemData } from '../../src/shared/items/types';
import { formType } from './itemFormData';
import type { RelPickerInput } from './relPickerMachine';

const PREFIX = 'relPicker:';

/** The child id of the chooser of REL property `name`. */
export const pickerId = (name: string): string => `${PREFIX}${name}`;

/** What the choosers read of the form. */
export interface PickerSource {
  typeName: string;
  itemId: string;
  isNew: boolean;
  base: Item | null;
  draft: ItemData;
}

/** The choosers to start: every editable REL property's that is not among the `running` children yet. */
export function pickersToStart(form: PickerSource, running: Record<string, unknown>): Array<{ id: string; input: RelPickerInput }> {
  const type = formType(form.typeName);
  const started: Array<{ id: string; input: RelPickerInput }> = [];
  for (const [name, def] of Object.entries(type.properties)) {
    if (def.kind !== 'REL' || def.readOnly || running[pickerId(name)]) continue;
    const pair = type.orgContacts?.find((p) => p.org === name || p.contacts === name);
    const org = pair ? ((form.draft[pair.org] as { id?: string } | undefined)?.id ?? null) : null;
    started.push({
      id: pickerId(name),
      input: {
        name,
        relTypes: def.relTypes ?? [],
        multiple: !!def.multiple,
        selfId: form.isNew ? null : form.itemId,
        value: form.draft[name],
        labels: form.base?.$labels ?? {},
        ...(pair
          ? {
              orgRule: {
                role: pair.contacts === name ? ('contacts' as const) : ('org' as const),
                org,
                ...(pair.optional ? { optional: true } : {}),
              },
            }
          : {}),
      },
    });
  }
  return started;
}

/** The running contacts choosers that follow property `changed` as their organisation, with the organisation it now holds. */
export function orgFollowers(
  typeName: string,
  changed: string,
  value: unknown,
  running: Record<string, unknown>,
): Array<{ id: string; org: string | null }> {
  return (formType(typeName).orgContacts ?? [])
    .filter((pair) => pair.org === changed && running[pickerId(pair.contacts)])
    .map((pair) => ({ id: pickerId(pair.contacts), org: (value as { id?: string } | null)?.id ?? null }));
}

/** The value each running chooser shows again after a discard: the draft's, with the item's labels. */
export function pickerResets(
  form: PickerSource,
  running: Record<string, unknown>,
): Array<{ id: string; value: unknown; labels: Record<string, string> }> {
  return Object.keys(running)
    .filter((id) => id.startsWith(PREFIX))
    .map((id) => ({ id, value: form.draft[id.slice(PREFIX.length)], labels: form.base?.$labels ?? {} }));
}
