/**
 * The item state actor: a transition is sent as `transition/{id}` with the `_u` it was asked from,
 * the moved item reaches the item actor as its own change (so the push that follows is not news),
 * and a refusal is kept for the panel until read.
 */
import { createActor } from 'xstate';
import { selectItem } from '../../../machines/item/itemMachine';
import { itemStateMachine, selectSendingTransition, selectTransitionError } from '../../../machines/item/itemStateMachine';
import type { ConnectionActorRef } from '../../../machines/systemIds';
import { settled } from '../router/support/sessionFakes';
import { buildItem, startItem, type StartedItem } from './support/startItem';

function startState(t: StartedItem) {
  const actor = createActor(itemStateMachine, {
    // The fake stands in for the real connection: only connection.send and its emitted replies are used.
    input: { id: 'Contact-1', connection: t.connection as unknown as ConnectionActorRef, item: t.subject },
  }).start();
  return { actor, snap: () => actor.getSnapshot() };
}

describe('itemStateMachine', () => {
  it("sends the transition, one at a time, and the moved item becomes the item actor's own change", async () => {
    const t = await startItem();
    const s = startState(t);
    s.actor.send({ type: 'itemState.transitionRequested', event: 'entry.submit', u: 3 });
    expect(t.sent().at(-1)).toEqual({ o: 'transition/Contact-1', b: { event: 'entry.submit', _u: 3 } });
    expect(selectSendingTransition(s.snap())).toBe('entry.submit');
    // A second press while one is on its way is not sent.
    s.actor.send({ type: 'itemState.transitionRequested', event: 'entry.withdraw', u: 3 });
    expect(t.ops().filter((o) => o.startsWith('transition/'))).toHaveLength(1);
    t.reply(buildItem({ _u: 4, state: 'SUBMITTED' }));
    await settled();
    expect(s.snap().value).toBe('IDLE');
    expect(selectSendingTransition(s.snap())).toBeNull();
    // Taken as the item actor's own change, before any push arrives.
    expect(selectItem(t.snapshot())).toMatchObject({ _u: 4, state: 'SUBMITTED' });
  });

  it('keeps a refusal until it is read or another transition is asked', async () => {
    const t = await startItem();
    const s = startState(t);
    s.actor.send({ type: 'itemState.transitionRequested', event: 'entry.publish', u: 3 });
    t.reply({ userMessage: 'transitionNotAllowed', sysMessage: 'entry.publish is not allowed from DRAFT' }, { erred: true });
    await settled();
    expect(selectTransitionError(s.snap())).toEqual({
      userMessage: 'transitionNotAllowed',
      sysMessage: 'entry.publish is not allowed from DRAFT',
    });
    expect(selectItem(t.snapshot())?._u).toBe(3);
    s.actor.send({ type: 'itemState.errorDismissed' });
    expect(selectTransitionError(s.snap())).toBeNull();
    s.actor.send({ type: 'itemState.transitionRequested', event: 'entry.submit', u: 3 });
    t.reply({ userMessage: 'staleUpdate' }, { erred: true });
    await settled();
    s.actor.send({ type: 'itemState.transitionRequested', event: 'entry.submit', u: 4 });
    expect(selectTransitionError(s.snap())).toBeNull();
  });

  it('refuses an answer that is not an item as an empty response, and fails without a connection', async () => {
    const t = await startItem();
    const s = startState(t);
    s.actor.send({ type: 'itemState.transitionRequested', event: 'entry.submit', u: 3 });
    t.reply(null);
    await settled();
    expect(selectTransitionError(s.snap())).toEqual({ userMessage: 'errors.emptyResponse' });
    const alone = createActor(itemStateMachine, { input: { id: 'Contact-1', connection: null, item: null } }).start();
    alone.send({ type: 'itemState.transitionRequested', event: 'entry.submit', u: 3 });
    await settled();
    expect(alone.getSnapshot().value).toBe('IDLE');
    expect(alone.getSnapshot().context.error).not.toBeNull();
  });
});
