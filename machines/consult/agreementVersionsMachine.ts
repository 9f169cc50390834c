/**
 * The saved versions of an agreement, compared on its screen (src/modules/consult/ui/AgreementVersionsPanel.tsx):
 * loads them (act/agreementVersions) and follows the agreement live: it watches the Agreement type
 * (`addWatch/Agreement-0`) and loads again when the pushed Agreement is this one (a save, here or in
 * another tab or by another person, is a new version), and after a reconnection. It only shows: no
 * save event, so no SAVING state. The core's watched list (machines/session/watchedListMachine.ts)
 * with these parts.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { OperationCall } from '../../src/shared/protocol/operationCall';
import { watchedListMachine, type WatchedListContext, type WatchedListEvent } from '../session/watchedListMachine';

export interface AgreementVersionsInput {
  /** The agreement whose versions are listed (`Agreement-<index>`). */
  agreementId: string;
  /** act/agreementVersions for the agreement. */
  load: OperationCall;
}

export type AgreementVersionsContext = WatchedListContext<AgreementVersionsInput>;
export type AgreementVersionsEvent = WatchedListEvent<'versions.reloadRequested'>;

/** LOADING, READY, with the type watch beside them. */
export const agreementVersionsMachine = watchedListMachine({
  id: 'agreementVersions',
  watchedType: 'Agreement',
  reloadEvent: 'versions.reloadRequested',
  // Every save of the agreement keeps a version: the pushed agreement itself is the news.
  isListed: (agreement, input: AgreementVersionsInput) => agreement.$id === input.agreementId,
});

export type AgreementVersionsActorRef = ActorRefFrom<typeof agreementVersionsMachine>;
export type AgreementVersionsSnapshot = SnapshotFrom<typeof agreementVersionsMachine>;
