/**
 * Pure rules of the conversations module that both sides use: the purposes a thread may serve, its
 * lists, its sync states, and who counts as one of its participants.
 */
import type { ItemData } from '../../shared/items/types';

/** One purpose a thread may serve (spec 001 §4 "Thread purposes") and the module that registers it. */
export interface ThreadPurposeDecl {
  key: string;
  module: string;
}

/**
 * The registered purposes, in order. A key registered twice stops the start; a key not in uppercase
 * is kept but logged as a warning (spec 001 §5: "A purpose key should be uppercase (warning only)").
 */
export function threadPurposeTable(decls: readonly ThreadPurposeDecl[], warn: (message: string) => void = console.warn): string[] {
  const by = new Map<string, string>();
  for (const { key, module } of decls) {
    if (!/^[A-Z][A-Z0-9_]*$/.test(key)) warn(`Thread purpose ${key} (module ${module}) is not uppercase`);
    const first = by.get(key);
    if (first !== undefined) throw new Error(`Thread purpose ${key} is already registered: by module ${first}, again by module ${module}`);
    by.set(key, module);
  }
  return [...by.keys()];
}

/** A consultation found wanting: it stays INCOMPLETE while such a thread about it is unresolved. */
export const CONSULT_INCOMPLETE = 'CONSULT_INCOMPLETE';
/** A response sent to a proponent: its first message carries the response's files. */
export const CONSULT_RESPONSE = 'CONSULT_RESPONSE';

/** The purposes of spec 001 §4, all registered here until their own modules exist. */
export const THREAD_PURPOSES = threadPurposeTable(
  [
    CONSULT_INCOMPLETE,
    CONSULT_RESPONSE,
    'CONSULT_ACK',
    'RESPONSE_CONTRACT',
    'CONFIRM_FIELDWORK',
    'FIELDWORK_REPORT',
    'FIELDWORK_INVOICE',
  ].map((key) => ({ key, module: 'conversations' })),
);

/** How far a thread is in step with an outside system (spec 001 §4); every thread here is LOCAL. */
export const SYNC_STATES = ['LOCAL', 'SYNCED', 'PENDING', 'MISSING', 'ERROR'] as const;

/** The lists of values the module's types draw from. */
export const CONVERSATION_LISTS = { actionTypes: 'CNV_ACTION_TYPES' } as const;

/** The ids a relation's value names (one `{id}` or a list of them). */
export function relIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list
    .map((v: unknown) =>
      typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : null,
    )
    .filter((id): id is string => id !== null);
}

/** Whether contact `contactId` is one of the participants `data` names. */
export const isParticipant = (data: ItemData, contactId: string | null | undefined): boolean =>
  !!contactId && relIds(data.participants).includes(contactId);

/** Most characters of a message's rich text. */
export const MESSAGE_MAX_LENGTH = 50_000;
/** Most participants of one thread. */
export const MAX_PARTICIPANTS = 50;
