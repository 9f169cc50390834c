/**
 * The "Live help recordings" panel of a user's record (src/modules/assist/ui/RecordingsPanel.tsx):
 * loads her recordings (act/assistRecordings), deletes one and loads again, and follows them live as
 * a related-items list does: it watches the Attachment type (`addWatch/Attachment-0`) and loads again
 * when a pushed Attachment hangs on her record as a recording (one saved in another tab), and after a
 * reconnection. The core's watched list (machines/session/watchedListMachine.ts) with these parts.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { OperationCall } from '../../src/shared/protocol/operationCall';
import { watchedListMachine, type WatchedListContext, type WatchedListEvent } from '../session/watchedListMachine';

export interface UserRecordingsInput {
  /** The user's record: its type's index (`User-<index>`). */
  userIndex: number;
  /** The Attachment property recordings hang under. */
  relProp: string;
  /** act/assistRecordings for the user. */
  load: OperationCall;
}

export type UserRecordingsContext = WatchedListContext<UserRecordingsInput>;
export type UserRecordingsEvent = WatchedListEvent<'recordings.reloadRequested', 'recordings.deleteRequested'>;

/** LOADING, READY, SAVING (a deletion), with the type watch beside them. */
export const userRecordingsMachine = watchedListMachine({
  id: 'userRecordings',
  watchedType: 'Attachment',
  reloadEvent: 'recordings.reloadRequested',
  saveEvent: 'recordings.deleteRequested',
  // A recording of this user: the Attachment says so itself (its relation).
  isListed: (file, input: UserRecordingsInput) =>
    file.relType === 'User' && Number(file.relIndex) === input.userIndex && file.relProp === input.relProp,
});

export type UserRecordingsActorRef = ActorRefFrom<typeof userRecordingsMachine>;
export type UserRecordingsSnapshot = SnapshotFrom<typeof userRecordingsMachine>;
