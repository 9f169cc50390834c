import { masqueradeMachine } from '../../../machines/session/masqueradeMachine';
import { delayed, expectFullCoverage, exploreModel } from '../support/modelCoverage';

const done = (actorId: string, output: unknown) => ({ type: `xstate.done.actor.${actorId}`, actorId, output });
const failed = (actorId: string) => ({
  type: `xstate.error.actor.${actorId}`,
  actorId,
  error: { kind: 'server', userMessage: 'notAllowed' },
});

test('model: every state and transition of the masquerade actor', () => {
  const report = exploreModel({
    name: 'masqueradeMachine',
    machine: masqueradeMachine,
    variants: [{ name: 'no storage', input: () => ({ storage: null, reload: () => undefined }) }],
    events: [
      { type: 'masquerade.opened' },
      { type: 'masquerade.closed' },
      { type: 'masquerade.typed', text: 'bo' },
      { type: 'masquerade.typed', text: 'bob' },
      delayed('debounce', 'masquerade.PICKING.WAITING'),
      { type: 'masquerade.started', target: { id: 'User-2', label: 'Bob' } },
      { type: 'masquerade.stopRequested' },
      done('search', { ids: ['User-2'], labels: {} }),
      failed('search'),
      done('switch', { newToken: 'token' }),
      done('switch', {}),
      failed('switch'),
    ],
    serializeState: (snapshot) => {
      const c = snapshot.context as { target: unknown; text: string };
      return JSON.stringify([snapshot.value, c.target !== null, c.text.length >= 3]);
    },
  });
  expectFullCoverage(report, 7);
});
