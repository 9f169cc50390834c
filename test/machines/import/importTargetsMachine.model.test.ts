/** Model-based test of the targets an Import may go into: every state and transition, the search sent, its answer by label. */
import { createActor, fromPromise } from 'xstate';
import { importTargetsMachine } from '../../../machines/import/importTargetsMachine';
import type { ConnectionCall } from '../../../machines/session/operation';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const machine = importTargetsMachine.provide({
  actors: { operation: fromPromise<unknown, ConnectionCall>(() => new Promise(() => undefined)) },
});
const reply = {
  ids: ['SpatialCollection-2', 'SpatialCollection-1'],
  total: 2,
  labels: { 'SpatialCollection-1': 'Trails', 'SpatialCollection-2': 'Berries' },
};

describe('importTargetsMachine model', () => {
  it('replays a path through every state and every transition', () => {
    const report = exploreModel({
      name: 'importTargets',
      machine,
      variants: [{ name: 'collections', input: () => ({ type: 'SpatialCollection', connection: null }) }],
      events: [
        { type: 'importTargets.reloadRequested' },
        { type: 'xstate.done.actor.load', output: reply },
        { type: 'xstate.error.actor.load', error: { kind: 'server', userMessage: 'notAllowed' } },
      ],
      serializeState: (s) => `${JSON.stringify(s.value)}|${s.context.targets.length}|${s.context.error ?? '-'}`,
      invariant: (s) => (s.matches('FAILED') && !s.context.error ? 'failed without a reason' : null),
    });
    expectFullCoverage(report, 3);
  });
});

test('asks search/ids for the type by label and keeps the answer in its order, labelled', async () => {
  const calls: ConnectionCall[] = [];
  const actor = createActor(
    importTargetsMachine.provide({
      actors: {
        operation: fromPromise<unknown, ConnectionCall>(async ({ input }) => {
          calls.push(input);
          return reply;
        }),
      },
    }),
    { input: { type: 'SpatialCollection', connection: null } },
  ).start();
  await new Promise((r) => setTimeout(r, 0));
  expect(calls[0]!.call).toMatchObject({
    o: 'search/ids',
    b: { must: [{ prop: '', kind: '_', value: 'SpatialCollection' }], sort: [{ key: 'label', order: 'asc' }], labels: true },
  });
  expect(actor.getSnapshot().context.targets).toEqual([
    { id: 'SpatialCollection-2', label: 'Berries' },
    { id: 'SpatialCollection-1', label: 'Trails' },
  ]);
});
