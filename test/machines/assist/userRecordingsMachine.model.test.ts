/** Model-based test of the "Live help recordings" panel's actor: loads, a deletion, refusals, the type watch and live reloads. */
import { createActor, fromCallback, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { SessionWatchInput } from '../../../machines/router/sessionWatch';
import { userRecordingsMachine, type UserRecordingsContext } from '../../../machines/assist/userRecordingsMachine';
import { callOf, type OperationCall } from '../../../src/shared/protocol/operationCall';
import { operations } from '../../../src/shared/protocol/operations';
import { assistOperations } from '../../../src/modules/assist/operations';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const RECORDINGS = { recordings: [] };
const recording = { $id: 'Attachment-7', _t: 'Attachment', _u: 1, relType: 'User', relIndex: 4, relProp: 'assistRecordings' };
// Another user's recording, and a file of hers that is not a recording: neither reloads the list.
const someoneElses = { ...recording, $id: 'Attachment-8', relIndex: 5 };
const notARecording = { ...recording, $id: 'Attachment-9', relProp: 'attachments' };

const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const c = snapshot.context as UserRecordingsContext;
  return [
    JSON.stringify(snapshot.value),
    c.data ? 'data' : '-',
    c.error ? 'error' : '',
    c.saving ? 'deleting' : '',
    c.watching ? 'live' : '',
  ].join('|');
};

test('model: every state and transition of the recordings panel', () => {
  const report = exploreModel({
    name: 'userRecordingsMachine',
    machine: userRecordingsMachine,
    variants: [
      {
        name: 'her record',
        input: () => ({ userIndex: 4, relProp: 'assistRecordings', load: callOf(assistOperations.recordings, { userId: 'User-4' }) }),
      },
    ],
    events: [
      { type: 'xstate.done.actor.load', output: RECORDINGS },
      { type: 'xstate.error.actor.load', error: { kind: 'server', userMessage: 'notAllowed' } },
      { type: 'recordings.deleteRequested', call: callOf(operations.delete, null, { id: 'Attachment-7' }) },
      { type: 'xstate.done.actor.save', output: recording },
      { type: 'xstate.error.actor.save', error: { kind: 'server', userMessage: 'notAllowed' } },
      { type: 'recordings.reloadRequested' },
      { type: 'xstate.done.actor.watch.1', actorId: 'watch.1', output: { count: 1 } },
      { type: 'xstate.done.actor.watch.1', actorId: 'watch.1', output: null },
      { type: 'xstate.error.actor.watch.1', actorId: 'watch.1', error: { kind: 'server', userMessage: 'tooLarge' } },
      { type: 'session.pushed', frame: { o: 'item/update', b: recording } },
      { type: 'session.pushed', frame: { o: 'item/update', b: someoneElses } },
      { type: 'session.pushed', frame: { o: 'item/update', b: notARecording } },
      { type: 'session.pushed', frame: { o: 'authed', b: { $id: 'User-4' } } },
      { type: 'session.cachesDropped' },
    ],
    serializeState,
  });
  expectFullCoverage(report, 3);
});

test('loads again only for a recording of hers: not for another user’s, nor for another file of hers', () => {
  const never = fromPromise<unknown, OperationCall>(() => new Promise(() => undefined));
  const quietWatch = fromCallback<EventObject, SessionWatchInput>(() => undefined);
  const quietUnwatch = fromCallback<EventObject, { type: string }>(() => undefined);
  const actor = createActor(
    userRecordingsMachine.provide({ actors: { operation: never, sessionWatch: quietWatch, unwatchTypeOnStop: quietUnwatch } }),
    { input: { userIndex: 4, relProp: 'assistRecordings', load: callOf(assistOperations.recordings, { userId: 'User-4' }) } },
  ).start();
  actor.send({ type: 'xstate.done.actor.load', output: RECORDINGS });
  expect(actor.getSnapshot().value).toBe('READY');
  for (const b of [someoneElses, notARecording]) actor.send({ type: 'session.pushed', frame: { o: 'item/update', b } });
  expect(actor.getSnapshot().value).toBe('READY');
  actor.send({ type: 'session.pushed', frame: { o: 'item/update', b: recording } });
  expect(actor.getSnapshot().value).toBe('LOADING');
  actor.stop();
});
