/**
 * Pure rules of the response-letters module that both sides and its statechart use: the letter's
 * states and moves, the list of templates, and the fields a template may name.
 */
import type { ItemData } from '../../shared/items/types';

/** The list of letter templates (spec 001 §3): an organisation's values name its letters. */
export const LETTERS_LIST = 'RLT_LETTERS';

/** A letter's life: written, proposed by one person, approved (or sent back) by another, sent. */
export const LETTER_STATES = ['DRAFT', 'PROPOSED', 'SENT_BACK', 'APPROVED', 'SENT'] as const;
export type LetterState = (typeof LETTER_STATES)[number];

/** The moves of a letter, as the chart names them (`machines/letters/letterStates.ts`). */
export const LETTER_EVENTS = ['letter.propose', 'letter.withdraw', 'letter.approve', 'letter.sendBack', 'letter.send'] as const;
export type LetterEvent = (typeof LETTER_EVENTS)[number];

/** States in which the letter's text may still change. */
export const EDITABLE_STATES: readonly LetterState[] = ['DRAFT', 'PROPOSED', 'SENT_BACK'];

/** What a delivery of a sent letter has come to: queued, mailed (and filed), or still failing (tried again). */
export const DELIVERY_STATES = ['QUEUED', 'MAILED', 'RETRYING', 'FAILED'] as const;

/** The fields a template may name as `{{group.name}}`, by group; each has a label `letters.field.{group}.{name}`. */
export const LETTER_FIELDS = {
  consultation: [
    'projectName',
    'identifiers',
    'proponent',
    'requestedResponseDate',
    'projectStartDt',
    'projectEndDt',
    'region',
    'projectType',
  ],
  community: ['name'],
  response: ['anticipatedResponse', 'priority', 'outcome'],
  signer: ['name', 'email'],
  letter: ['date', 'recipients'],
} as const;

/** Every field a template may name (`consultation.projectName`...). */
export const LETTER_FIELD_NAMES: readonly string[] = Object.entries(LETTER_FIELDS).flatMap(([group, names]) =>
  names.map((n) => `${group}.${n}`),
);

const FIELD = /\{\{\s*([a-zA-Z]+\.[a-zA-Z]+)\s*\}\}/g;

/** The fields a template's text names that are not among LETTER_FIELD_NAMES. */
export function unknownFields(text: string): string[] {
  const known = new Set(LETTER_FIELD_NAMES);
  return [...new Set([...text.matchAll(FIELD)].map((m) => m[1]!).filter((f) => !known.has(f)))];
}

const escapeHtml = (s: string): string =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * A template's text with each field replaced by its value as a person reads it (escaped for rich
 * text when `html`); a field without a value becomes empty, so a letter never shows a `{{...}}`.
 */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>, html: boolean): string {
  return text.replace(FIELD, (_m, name: string) => {
    const value = values[name] ?? '';
    return html ? escapeHtml(value) : value;
  });
}

/** The ids a REL value names (one `{id}` or a list of them). */
export function relIdsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list
    .map((v: unknown) =>
      typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : null,
    )
    .filter((id): id is string => id !== null);
}

/** The one id a single REL value names, or null. */
export const relIdOf = (value: unknown): string | null => relIdsOf(value)[0] ?? null;

/** Who proposed the letter (a User id), or null before it is proposed. */
export const proposerOf = (letter: ItemData): string | null => relIdOf(letter.proposedBy);
