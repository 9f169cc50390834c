/**
 * What a relation chooser keeps (relPickerMachine.ts): its input, context and events, the chosen
 * items read from and written back to the stored value, and the search it sends for the typed text.
 * They live apart from the machine so that it stays under ~300 lines.
 */
import { SEARCH_SUGGESTIONS } from '../../src/shared/constants';
import type { RelValue } from '../../src/shared/items/types';
import type { SearchQuery } from '../../src/shared/search';
import type { ConnectionActorRef } from '../systemIds';

/** One offered or chosen item. */
export interface RelOption {
  id: string;
  label: string;
}

/** The contacts side of an organisation-and-contacts pair (spec 001 §5). */
export interface RelOrgRule {
  /** This property holds the contacts: they must be the chosen organisation's. */
  role: 'contacts' | 'org';
  /** The chosen organisation (contacts role), null when none is chosen yet. */
  org: string | null;
  /** The organisation may stay empty. */
  optional?: boolean;
}

/** What a chooser starts from: its property, the value and labels the form holds, and its connection outside a session. */
export interface RelPickerInput {
  /** The property's name, echoed in `relPicker.changed`. */
  name: string;
  relTypes: readonly string[];
  multiple: boolean;
  /** The item being edited, never offered for itself; null while creating. */
  selfId: string | null;
  value: unknown;
  /** Labels of the related items the value names (`item.$labels`). */
  labels: Record<string, string>;
  orgRule?: RelOrgRule;
  /** The connection, for a chooser started outside the session's actor system (found by system id otherwise). */
  connection?: ConnectionActorRef;
}

/** What a chooser keeps: the chosen items, the typed text, the options offered and the error to show. */
export interface RelPickerContext {
  connection: ConnectionActorRef | null;
  name: string;
  relTypes: readonly string[];
  multiple: boolean;
  selfId: string | null;
  orgRule: RelOrgRule | null;
  chosen: RelOption[];
  text: string;
  options: RelOption[];
  /** Index of the highlighted option, -1 for none. */
  highlighted: number;
  /** A message key of spec 001 §5 (errors.chooseOrg, errors.notInOrg, errors.noOrg), or a failed search's. */
  error: string | null;
}

/** What a chooser is told: the field's keys and pointer, the form's changes, and the answer of its contacts check. */
export type RelPickerEvent =
  | { type: 'relPicker.typed'; text: string }
  | { type: 'relPicker.keyPressed'; key: 'ArrowDown' | 'ArrowUp' | 'Enter' | 'Escape' | 'Backspace' }
  | { type: 'relPicker.highlighted'; index: number }
  | { type: 'relPicker.chosen'; id: string }
  | { type: 'relPicker.removed'; id: string }
  | { type: 'relPicker.closed' }
  /** The form's organisation changed: contacts are offered from it and checked against it. */
  | { type: 'relPicker.orgChanged'; org: string | null }
  /** The form's value was replaced (discard, server answer). */
  | { type: 'relPicker.valueSet'; value: unknown; labels: Record<string, string> }
  /** The answer of the spawned check of the chosen contacts (VERIFY). */
  | { type: 'xstate.done.actor.verify'; output: unknown }
  | { type: 'xstate.error.actor.verify'; error: unknown };

/** Emitted whenever the chosen items change: the stored value and the labels of its items. */
export interface RelPickerChanged {
  type: 'relPicker.changed';
  name: string;
  value: RelValue | RelValue[] | null;
  labels: Record<string, string>;
}

const ids = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.map((v) => (v as { id?: unknown } | null)?.id).filter((id): id is string => typeof id === 'string');
};
/** The chosen items a stored value names, labelled from the item's `$labels` (the id where none is known). */
export const chosenOf = (value: unknown, labels: Record<string, string>): RelOption[] =>
  ids(value).map((id) => ({ id, label: labels[id] ?? id }));
/** The stored value of the chosen items: a list for a multiple property, else one relation or null. */
export const valueOf = (context: RelPickerContext): RelPickerChanged['value'] =>
  context.multiple ? context.chosen.map(({ id }) => ({ id })) : context.chosen[0] ? { id: context.chosen[0].id } : null;

/** Whether a search's answer offers contacts (whose blocked users must be left out first). */
export const hasContacts = (body: unknown): boolean => {
  const ids = (body as { ids?: unknown } | null | undefined)?.ids;
  return Array.isArray(ids) && ids.some((id) => typeof id === 'string' && id.startsWith('Contact-'));
};
/** Whether the chooser holds an organisation's contacts. */
export const isContactsRole = (context: RelPickerContext): boolean => context.orgRule?.role === 'contacts';

/** The search of `search/ids` for the typed text, within the property's types and the organisation rule. */
export function relSearchQuery(context: Pick<RelPickerContext, 'relTypes' | 'text' | 'selfId' | 'orgRule' | 'chosen'>): SearchQuery {
  const must: Record<string, unknown> = { q: context.text };
  if (context.relTypes.length > 0) must._ = [...context.relTypes];
  if (context.orgRule?.role === 'contacts' && context.orgRule.org) must['ft-_related.id'] = [context.orgRule.org];
  const excluded = [...(context.selfId ? [context.selfId] : []), ...context.chosen.map((c) => c.id)];
  return { must, ...(excluded.length ? { mustNot: { id: excluded } } : {}), max: SEARCH_SUGGESTIONS + excluded.length, labels: true };
}
