/**
 * The save side of the item form: the request a save sends (`create/{type}` with the stored shape of
 * the draft, or `update` with only the changed properties and the `_u` the draft started from), and
 * what the form keeps of an answer or a refusal.
 */
import { isItem } from '../../src/shared/items/isItem';
import type { FieldErrors } from '../../src/shared/items/itemSchema';
import type { Item, ItemData } from '../../src/shared/items/types';
import { UserMessage } from '../../src/shared/protocol';
import { callOf, type OperationCall } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import type { RequestFailure } from '../session/sessionErrors';
import { changesOf, dataOf, formType } from './itemFormData';
import type { SaveOutcome } from './formGate';

/** What a save reads of the form. */
export interface SaveSource {
  typeName: string;
  itemId: string;
  isNew: boolean;
  base: Item | null;
  draft: ItemData;
}

/** The request of one save: a create for a new item, else an update of the changes with `_u`. */
export function saveCall(form: SaveSource): OperationCall<Item> {
  const type = formType(form.typeName);
  if (form.isNew) return callOf(operations.create, dataOf(type, form.draft), { type: form.typeName });
  // An edit form only saves once its item was read (LOADING has no save); 0 would be refused as stale, never overwrite.
  const _u = form.base?._u ?? 0;
  return callOf(operations.update, { $id: form.itemId, _u, ...changesOf(type, form.base, form.draft) });
}

/** Whether a save's answer is the saved item (anything else is an empty response). */
export const isSavedItem = isItem;

/** What the form keeps of a refused save. */
export interface SaveRefusal {
  /** `validationFailed`'s errors by property, shown beside their inputs. */
  serverErrors: FieldErrors;
  /** errors.staleUpdate shows on the form; other failures only in the cell's error box. */
  formError: string | null;
  outcome: SaveOutcome;
}

const failureKey = (failure: RequestFailure): string => (failure.kind === 'server' ? `errors.${failure.userMessage}` : failure.key);

/** The refusal of save number `seq`: its field errors, a stale-update message, and the outcome the cell's gate waits for. */
export function refusalOf(failure: RequestFailure, seq: number): SaveRefusal {
  const fields = failure.kind === 'server' && failure.userMessage === UserMessage.validationFailed ? (failure.fields ?? {}) : {};
  const stale = failure.kind === 'server' && failure.userMessage === UserMessage.staleUpdate;
  return { serverErrors: fields, formError: stale ? 'errors.staleUpdate' : null, outcome: { seq, error: failureKey(failure) } };
}

/** The refusal of an answer that is not an item: as good as no answer. */
export const emptyRefusal = (seq: number): SaveRefusal => ({
  serverErrors: {},
  formError: null,
  outcome: { seq, error: 'errors.emptyResponse' },
});
