import type { AnyMachineSnapshot } from 'xstate';
import { itemMachine, type ItemContext } from '../../../machines/item/itemMachine';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const ITEM = {
  $id: 'Contact-1',
  _t: 'Contact',
  _i: 1,
  _u: 3,
  _c: { ts: '2024-05-01T10:00:00Z', by: null },
  $access: 'PUBLIC',
  $labels: {},
};
const NEWER = { ...ITEM, _u: 4 };
// The answers of the request actors, as the actor system delivers them to the item actor.
const done = (actorId: string, output: unknown) => ({ type: `xstate.done.actor.${actorId}`, actorId, output });
const failed = (actorId: string, userMessage: string) => ({
  type: `xstate.error.actor.${actorId}`,
  actorId,
  error: { kind: 'server', userMessage },
});

// The state, whether signed in, and the item's _u: the guards read these; permission answers and counters are left out.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const context = snapshot.context as ItemContext;
  return [
    JSON.stringify(snapshot.value),
    String(context.signedIn),
    String(context.item?._u ?? '-'),
    context.item?.$deleted ? 'deleted' : '',
  ].join('|');
};

describe('itemMachine model (read, watch, refusal, permissions, children forwarding)', () => {
  it('replays a path through every state and every transition', () => {
    const report = exploreModel({
      name: 'item',
      machine: itemMachine,
      variants: [{ name: 'default', input: () => ({ id: 'Contact-1' }) }],
      events: [
        { type: 'session.authChanged', signedIn: false },
        { type: 'session.authChanged', signedIn: true },
        done('read', ITEM),
        done('read', null),
        failed('read', 'notAllowed'),
        failed('read', 'notFound'),
        done('watch', NEWER),
        done('watch', null),
        failed('watch', 'generalFailure'),
        done('allowed.1', { allowed: { update: true }, applyGrants: true }),
        failed('allowed.1', 'generalFailure'),
        { type: 'session.pushed', frame: { o: 'item/update', b: { ...NEWER, _u: 5 } } },
        { type: 'session.pushed', frame: { o: 'authed', b: {} } },
        { type: 'session.itemDeleted', id: 'Contact-1' },
        { type: 'item.saved', item: { ...NEWER, _u: 6 } },
        { type: 'item.allowedAsked', actions: ['update'] },
        { type: 'item.retryRequested' },
        { type: 'item.timelineRequested' },
        { type: 'item.notifyRequested' },
        { type: 'item.notifySet', notify: 'ALWAYS' },
        { type: 'item.rawEditOpened' },
        { type: 'item.rawSaved', item: NEWER },
        { type: 'session.cachesDropped' },
      ],
      serializeState,
    });
    expectFullCoverage(report, 4);
  });
});
