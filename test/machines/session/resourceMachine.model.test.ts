import { resourceMachine } from '../../../machines/session/resourceMachine';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const refusal = { kind: 'server', userMessage: 'notAllowed' };

test('model: every state and transition of the resource machine', () => {
  const report = exploreModel({
    name: 'resourceMachine',
    machine: resourceMachine,
    variants: [{ name: 'server state', input: () => ({ load: { o: 'act/serverState' } }) }],
    events: [
      { type: 'resource.reloadRequested' },
      { type: 'resource.saveRequested', call: { o: 'act/setMenuSettings', b: { items: [] } } },
      { type: 'xstate.done.actor.load', output: { version: '1.0.0' } },
      { type: 'xstate.error.actor.load', error: refusal },
      { type: 'xstate.done.actor.save', output: null },
      { type: 'xstate.error.actor.save', error: refusal },
    ],
    serializeState: (snapshot) => JSON.stringify([snapshot.value, (snapshot.context as { error: unknown }).error !== null]),
  });
  expectFullCoverage(report, 4);
});
