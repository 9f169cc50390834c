/** Model-based test of the item state actor: every state and transition, with the request's ends as events. */
import type { AnyMachineSnapshot } from 'xstate';
import { itemStateMachine, type ItemStateContext } from '../../../machines/item/itemStateMachine';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

// What the guards and the panel read: the state, what is on its way, and whether a refusal is kept.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const c = snapshot.context as ItemStateContext;
  return `${JSON.stringify(snapshot.value)}|sending:${c.sending?.event ?? '-'}|error:${c.error?.userMessage ?? '-'}`;
};
const item = { $id: 'Contact-1', _t: 'Contact', _u: 4, state: 'SUBMITTED' };

describe('itemStateMachine model', () => {
  it('replays a path through every state and every transition', () => {
    const report = exploreModel({
      name: 'itemState',
      machine: itemStateMachine,
      variants: [{ name: 'item', input: () => ({ id: 'Contact-1', connection: null, item: null }) }],
      events: [
        { type: 'itemState.transitionRequested', event: 'entry.submit', u: 3 },
        { type: 'itemState.errorDismissed' },
        { type: 'xstate.done.actor.transition', output: item },
        { type: 'xstate.done.actor.transition', output: null },
        { type: 'xstate.error.actor.transition', error: { kind: 'server', userMessage: 'transitionNotAllowed' } },
      ],
      serializeState,
    });
    expectFullCoverage(report, 2);
  });
});
