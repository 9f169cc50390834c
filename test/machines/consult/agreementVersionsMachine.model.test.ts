/** Model-based test of the agreement versions panel's actor: loads, refusals, the type watch and live reloads; it never saves. */
import { createActor, fromCallback, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { agreementVersionsMachine, type AgreementVersionsContext } from '../../../machines/consult/agreementVersionsMachine';
import type { SessionWatchInput } from '../../../machines/router/sessionWatch';
import { consultOperations } from '../../../src/modules/consult/operations';
import { callOf, type OperationCall } from '../../../src/shared/protocol/operationCall';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const VERSIONS = { versions: [], labels: {} };
const saved = { $id: 'Agreement-2', _t: 'Agreement', _u: 4, title: 'Process agreement 2026' };
// Another agreement saved, and an item of another type pointing at this one: neither loads the versions again.
const another = { ...saved, $id: 'Agreement-5' };
const notAnAgreement = { $id: 'ConsultResponse-3', _t: 'ConsultResponse', _u: 2, agreement: { id: 'Agreement-2' } };
const input = () => ({ agreementId: 'Agreement-2', load: callOf(consultOperations.agreementVersions, { agreementId: 'Agreement-2' }) });

// The state, and what the guards and the screen read: an answer, an error, a live watch.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const c = snapshot.context as AgreementVersionsContext;
  return [JSON.stringify(snapshot.value), c.data ? 'data' : '-', c.error ? 'error' : '', c.watching ? 'live' : ''].join('|');
};

test('model: every state and transition of the agreement versions panel', () => {
  const report = exploreModel({
    name: 'agreementVersionsMachine',
    machine: agreementVersionsMachine,
    variants: [{ name: 'an agreement', input }],
    events: [
      { type: 'xstate.done.actor.load', output: VERSIONS },
      { type: 'xstate.error.actor.load', error: { kind: 'server', userMessage: 'notAllowed' } },
      { type: 'versions.reloadRequested' },
      { type: 'xstate.done.actor.watch.1', actorId: 'watch.1', output: { count: 1 } },
      { type: 'xstate.done.actor.watch.1', actorId: 'watch.1', output: null },
      { type: 'xstate.error.actor.watch.1', actorId: 'watch.1', error: { kind: 'server', userMessage: 'tooLarge' } },
      { type: 'session.pushed', frame: { o: 'item/update', b: saved } },
      { type: 'session.pushed', frame: { o: 'item/update', b: another } },
      { type: 'session.pushed', frame: { o: 'item/update', b: notAnAgreement } },
      { type: 'session.pushed', frame: { o: 'authed', b: { $id: 'User-1' } } },
      { type: 'session.cachesDropped' },
    ],
    serializeState,
  });
  expectFullCoverage(report, 2);
});

test('loads again only when this agreement is saved: not for another agreement, nor for an item pointing at it', () => {
  const never = fromPromise<unknown, OperationCall>(() => new Promise(() => undefined));
  const quietWatch = fromCallback<EventObject, SessionWatchInput>(() => undefined);
  const quietUnwatch = fromCallback<EventObject, { type: string }>(() => undefined);
  const actor = createActor(
    agreementVersionsMachine.provide({ actors: { operation: never, sessionWatch: quietWatch, unwatchTypeOnStop: quietUnwatch } }),
    { input: input() },
  ).start();
  actor.send({ type: 'xstate.done.actor.load', output: VERSIONS });
  expect(actor.getSnapshot().value).toBe('READY');
  for (const b of [another, notAnAgreement]) actor.send({ type: 'session.pushed', frame: { o: 'item/update', b } });
  expect(actor.getSnapshot().value).toBe('READY');
  actor.send({ type: 'session.pushed', frame: { o: 'item/update', b: saved } });
  expect(actor.getSnapshot().value).toBe('LOADING');
  actor.stop();
});
