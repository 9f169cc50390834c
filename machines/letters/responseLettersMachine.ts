/**
 * The Letters panel of a response (src/modules/letters/ui/LettersPanel.tsx): loads its letters
 * (act/responseLetters), saves through the letter operations and loads again, and follows them live
 * as a related-items list does: it watches the type (`addWatch/ResponseLetter-0`) and loads again when
 * a pushed letter is of this response (another person proposing or approving it, its delivery
 * recorded), and after a reconnection. The core's watched list (machines/session/watchedListMachine.ts)
 * with these parts.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { OperationCall } from '../../src/shared/protocol/operationCall';
import { watchedListMachine, type WatchedListContext, type WatchedListEvent } from '../session/watchedListMachine';

export interface ResponseLettersInput {
  responseId: string;
  /** act/responseLetters for the response. */
  load: OperationCall;
}

export type ResponseLettersContext = WatchedListContext<ResponseLettersInput>;
export type ResponseLettersEvent = WatchedListEvent<'letters.reloadRequested', 'letters.saveRequested'>;

/** LOADING, READY, SAVING, with the type watch beside them. */
export const responseLettersMachine = watchedListMachine({
  id: 'responseLetters',
  watchedType: 'ResponseLetter',
  reloadEvent: 'letters.reloadRequested',
  saveEvent: 'letters.saveRequested',
  // A letter of this response: it says so itself (its response relation).
  isListed: (letter, input: ResponseLettersInput) => (letter.response as { id?: unknown } | undefined)?.id === input.responseId,
});

export type ResponseLettersActorRef = ActorRefFrom<typeof responseLettersMachine>;
export type ResponseLettersSnapshot = SnapshotFrom<typeof responseLettersMachine>;
