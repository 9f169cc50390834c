import { adminItemsMachine } from '../../../machines/admin/adminItemsMachine';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const done = (actorId: string, output: unknown) => ({ type: `xstate.done.actor.${actorId}`, actorId, output });
const failed = (actorId: string) => ({
  type: `xstate.error.actor.${actorId}`,
  actorId,
  error: { kind: 'server', userMessage: 'generalFailure' },
});
const input = (readItems: boolean) => () => ({ query: { must: { _: 'SystemAlert' } }, readItems });

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
      { type: 'adminItems.saved', key: 'new', call: { o: 'create/SystemAlert', b: {} } },
      { type: 'adminItems.errorCleared' },
      done('search', { ids: ['SystemAlert-1'], labels: {} }),
      done('search', { ids: [], labels: {} }),
      failed('search'),
      done('read', { 'SystemAlert-1': { $id: 'SystemAlert-1' } }),
      failed('read'),
      done('save', {}),
      failed('save'),
    ],
    serializeState: (snapshot) => {
      const c = snapshot.context as { ids: string[]; error: unknown; saveError: unknown; savingKey: string | null };
      return JSON.stringify([snapshot.value, c.ids.length, c.error !== null, c.saveError !== null, c.savingKey]);
    },
  });
  expectFullCoverage(report, 6);
});
