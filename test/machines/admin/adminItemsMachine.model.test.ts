import { createActor } from 'xstate';
import { adminItemsMachine } from '../../../machines/admin/adminItemsMachine';
import type { AdminConnection } from '../../../machines/admin/adminRequests';
import { fakeConnection } from '../router/support/sessionFakes';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const replied = (ticket: string, b: unknown) => ({ type: 'connection.replied', ticket, o: 'x', frame: { o: 'x', b } });
const failed = (ticket: string) => ({
  type: 'connection.failed',
  ticket,
  o: 'x',
  failure: { kind: 'server', userMessage: 'generalFailure' },
});
const input = (readItems: boolean) => () => ({
  connection: createActor(fakeConnection).start() as unknown as AdminConnection,
  alerts: null,
  query: { must: { _: 'SystemAlert' } },
  readItems,
});

test('model: every state and transition of the admin items actor', () => {
  const report = exploreModel({
    name: 'adminItemsMachine',
    machine: adminItemsMachine,
    variants: [
      { name: 'whole items', input: input(true) },
      { name: 'labels only', input: input(false) },
    ],
    events: [
      { type: 'adminItems.reloaded' },
      { type: 'adminItems.queryChanged', query: { must: { _: 'LOVValue' } } },
      { type: 'adminItems.saved', key: 'new', frame: { o: 'create/SystemAlert', b: {} } },
      { type: 'adminItems.errorCleared' },
      // Generation 1 is the first search; the traversal's serialized state ignores later generations.
      replied('search:1', { ids: ['SystemAlert-1'], labels: {} }),
      replied('search:1', { ids: [], labels: {} }),
      failed('search:1'),
      replied('read:1', { 'SystemAlert-1': { $id: 'SystemAlert-1' } }),
      failed('read:1'),
      replied('save', {}),
      failed('save'),
      replied('other', {}),
    ],
    serializeState: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        (snapshot.context as { generation: number }).generation === 1,
        (snapshot.context as { saveError: unknown }).saveError !== null,
      ]),
  });
  expectFullCoverage(report, 6);
});
