import { assign, createMachine, setup, spawnChild, stopChild, type ActorRefFrom } from 'xstate';
import { isActionAllowed, itemMachine, selectDeleted, selectItem, selectItemError } from '../../../machines/item/itemMachine';
import { SystemId } from '../../../machines/systemIds';
import { settled, startInSession } from '../router/support/sessionFakes';
import { buildItem } from './support/startItem';

// A router whose focused column the test sets; it counts the sign-in requests it receives.
const fakeRouter = createMachine({
  types: {} as { events: { type: 'fake.focus'; itemId: string | null } | { type: 'router.signInRequired' } },
  context: { cells: [{ spec: { key: 'i-Contact-1', itemId: 'Contact-1' } }], activeKey: 'i-Contact-1' as string | null, signInRequests: 0 },
  on: {
    'fake.focus': { actions: assign(({ event }) => ({ activeKey: event.itemId ? `i-${event.itemId}` : null })) },
    'router.signInRequired': { actions: assign(({ context }) => ({ signInRequests: context.signInRequests + 1 })) },
  },
});

// Holds an item actor and stops it on demand, as a closing view does, while the connection lives on.
const holder = setup({ types: { events: {} as { type: 'test.close' } }, actors: { item: itemMachine } }).createMachine({
  entry: spawnChild('item', { id: 'item', input: { id: 'Contact-1' } }),
  on: { 'test.close': { actions: stopChild('item') } },
});

function startHeld() {
  const h = startInSession(holder, { systemId: 'holder', input: undefined, signedIn: true });
  const item = h.subject.getSnapshot().children['item'] as ActorRefFrom<typeof itemMachine>;
  return {
    ...h,
    item,
    ops: () => h.sent().map((frame) => frame.o),
    answer: async (...args: Parameters<typeof h.reply>) => {
      h.reply(...args);
      await settled();
    },
  };
}

function start(options: { signedIn?: boolean } = {}) {
  const h = startInSession(itemMachine, {
    systemId: 'item-Contact-1',
    input: { id: 'Contact-1' },
    signedIn: options.signedIn ?? true,
    extra: { [SystemId.router]: fakeRouter },
  });
  const router = h.extra(SystemId.router);
  return {
    ...h,
    router,
    snapshot: () => h.subject.getSnapshot(),
    ops: () => h.sent().map((frame) => frame.o),
    /** Answers a request (by default the last) and lets its request actor settle. */
    answer: async (...args: Parameters<typeof h.reply>) => {
      h.reply(...args);
      await settled();
    },
    asks: () => h.sent().filter((frame) => frame.o === 'act/isAllowed'),
    serverUpdated: () => h.alerts.filter((event) => event.alert?.message === 'app.serverUpdated'),
    push: (item: ReturnType<typeof buildItem>) => h.connection.send({ type: 'fake.push', frame: { o: 'item/update', b: item } }),
  };
}

describe('itemMachine', () => {
  it('reads the item, then watches it with its _u', async () => {
    const t = start();
    expect(t.ops()).toEqual(['read/Contact-1']);
    expect(t.snapshot().value).toBe('LOADING');
    await t.answer(buildItem());
    expect(t.snapshot().value).toBe('READY');
    expect(selectItem(t.snapshot())?.name).toBe('Mary Thomas');
    expect(t.ops()).toEqual(['read/Contact-1', 'addWatch/Contact-1/3']);
  });

  it('takes the current item from the watch answer when its own copy was stale, and nothing from null', async () => {
    const stale = start();
    await stale.answer(buildItem());
    await stale.answer(buildItem({ _u: 4, name: 'Mary T.' }));
    expect(selectItem(stale.snapshot())?.name).toBe('Mary T.');
    expect(stale.serverUpdated()).toHaveLength(1);
    const current = start();
    await current.answer(buildItem());
    await current.answer(null);
    expect(selectItem(current.snapshot())?._u).toBe(3);
    expect(current.snapshot().value).toBe('READY');
    expect(current.serverUpdated()).toHaveLength(0);
  });

  it('watches again from the version shown when the socket reconnects, and takes what changed meanwhile', async () => {
    const t = start();
    await t.answer(buildItem());
    await t.answer(null);
    t.connection.send({ type: 'fake.push', frame: { o: 'authed', b: {} } });
    expect(t.ops()).toEqual(['read/Contact-1', 'addWatch/Contact-1/3', 'addWatch/Contact-1/3']);
    await t.answer(buildItem({ _u: 4, name: 'Changed while away' }));
    expect(selectItem(t.snapshot())?.name).toBe('Changed while away');
    expect(t.snapshot().value).toBe('READY');
  });

  it('takes no watch answer older than a push that came first', async () => {
    const t = start();
    await t.answer(buildItem());
    t.push(buildItem({ _u: 5, name: 'Pushed' }));
    await t.answer(buildItem({ _u: 4, name: 'Watched' }), { index: 1 });
    expect(selectItem(t.snapshot())?.name).toBe('Pushed');
    expect(t.serverUpdated()).toHaveLength(1);
  });

  it('replaces the item on item/update and says app.serverUpdated when it is the focused cell', async () => {
    const t = start();
    await t.answer(buildItem());
    t.push(buildItem({ _u: 4, name: 'Mary A. Thomas' }));
    expect(selectItem(t.snapshot())?.name).toBe('Mary A. Thomas');
    expect(t.alerts).toEqual([{ type: 'alerts.raised', alert: { type: 'INFO', message: 'app.serverUpdated' } }]);
    t.router.send({ type: 'fake.focus', itemId: 'Contact-9' });
    t.push(buildItem({ _u: 5, name: 'M. Thomas' }));
    expect(selectItem(t.snapshot())?.name).toBe('M. Thomas');
    expect(t.serverUpdated()).toHaveLength(1);
  });

  it("takes a change this tab's own request made (a panel's operation) without the alert", async () => {
    const t = start();
    await t.answer(buildItem());
    t.connection.send({ type: 'fake.push', frame: { o: 'item/update', b: buildItem({ _u: 4, name: 'Moved by a step' }), own: true } });
    expect(selectItem(t.snapshot())?.name).toBe('Moved by a step');
    expect(t.serverUpdated()).toEqual([]);
    t.push(buildItem({ _u: 5, name: 'Changed elsewhere' }));
    expect(t.serverUpdated()).toHaveLength(1);
  });

  it('ignores pushes of other items and of older or equal versions', async () => {
    const t = start();
    await t.answer(buildItem({ _u: 5 }));
    t.push(buildItem({ $id: 'Contact-2', _u: 9, name: 'Other' }));
    t.push(buildItem({ _u: 5, name: 'Same' }));
    t.push(buildItem({ _u: 4, name: 'Older' }));
    t.connection.send({ type: 'fake.push', frame: { o: 'item/update', b: 'garbage' } });
    expect(selectItem(t.snapshot())?.name).toBe('Mary Thomas');
    expect(t.alerts).toEqual([]);
  });

  it('takes its own saved item without the alert, and then ignores the push of that same change', async () => {
    const t = start();
    await t.answer(buildItem());
    t.subject.send({ type: 'item.saved', item: buildItem({ _u: 4, name: 'Saved here' }) });
    t.push(buildItem({ _u: 4, name: 'Saved here' }));
    expect(selectItem(t.snapshot())?.name).toBe('Saved here');
    expect(t.alerts).toEqual([]);
  });

  it('sends removeWatch/{id} when stopped after watching, and not when it never watched', async () => {
    const watching = startHeld();
    await watching.answer(buildItem());
    watching.subject.send({ type: 'test.close' });
    expect(watching.item.getSnapshot().status).toBe('stopped');
    expect(watching.ops()).toEqual(['read/Contact-1', 'addWatch/Contact-1/3', 'removeWatch/Contact-1']);
    // Fire and forget: nobody is left to hear an answer.
    expect(watching.connection.getSnapshot().context.sent.at(-1)).toMatchObject({ ticket: undefined, replyTo: undefined });
    const failed = startHeld();
    await failed.answer({ userMessage: 'notFound' }, { erred: true });
    failed.subject.send({ type: 'test.close' });
    expect(failed.ops()).toEqual(['read/Contact-1']);
  });

  it('asks act/isAllowed once per action, several questions at once, and caches each answer for its own question', async () => {
    const t = start();
    await t.answer(buildItem());
    t.subject.send({ type: 'item.allowedAsked', actions: ['update', 'delete'] });
    t.subject.send({ type: 'item.allowedAsked', actions: ['update', 'grant', 'grant'] });
    expect(t.asks().map((frame) => frame.b)).toEqual([
      { id: 'Contact-1', actions: ['update', 'delete'] },
      { id: 'Contact-1', actions: ['grant'] },
    ]);
    // The later question answers first; an action it was not asked is not taken from it.
    await t.answer({ allowed: { grant: false, update: false }, applyGrants: false });
    expect(isActionAllowed(t.snapshot(), 'grant')).toBe(false);
    expect(isActionAllowed(t.snapshot(), 'update')).toBeUndefined();
    await t.answer({ allowed: { update: true, delete: false }, applyGrants: true }, { index: 2 });
    expect(isActionAllowed(t.snapshot(), 'update')).toBe(true);
    expect(isActionAllowed(t.snapshot(), 'delete')).toBe(false);
    expect(t.snapshot().context.applyGrants).toBe(true);
    t.subject.send({ type: 'item.allowedAsked', actions: ['update', 'delete', 'grant'] });
    expect(t.asks()).toHaveLength(2);
  });

  it("forgets the previous user's permission answers when auth drops the item caches, and takes no answer asked before", async () => {
    const t = start();
    await t.answer(buildItem());
    t.subject.send({ type: 'item.allowedAsked', actions: ['update'] });
    await t.answer({ allowed: { update: true }, applyGrants: true });
    t.subject.send({ type: 'item.allowedAsked', actions: ['delete'] });
    const beforeDrop = t.sent().length - 1;
    t.auth.send({ type: 'fake.cachesDropped' });
    expect(isActionAllowed(t.snapshot(), 'update')).toBeUndefined();
    expect(t.snapshot().context).toMatchObject({ allowed: {}, applyGrants: null, asking: {} });
    // The answer to the previous user's question arrives: not taken.
    await t.answer({ allowed: { delete: true }, applyGrants: true }, { index: beforeDrop });
    expect(isActionAllowed(t.snapshot(), 'delete')).toBeUndefined();
    expect(t.snapshot().context.applyGrants).toBeNull();
    // The next user is asked afresh, the question on its way included.
    t.subject.send({ type: 'item.allowedAsked', actions: ['update', 'delete'] });
    expect(t.asks().at(-1)?.b).toEqual({ id: 'Contact-1', actions: ['update', 'delete'] });
    await t.answer({ allowed: { update: false, delete: false }, applyGrants: false });
    expect(isActionAllowed(t.snapshot(), 'delete')).toBe(false);
  });

  it('asks again for actions whose question failed', async () => {
    const t = start();
    t.subject.send({ type: 'item.allowedAsked', actions: ['update'] });
    await t.answer({ userMessage: 'generalFailure' }, { erred: true });
    expect(t.snapshot().context.asking).toEqual({});
    expect(isActionAllowed(t.snapshot(), 'update')).toBeUndefined();
    t.subject.send({ type: 'item.allowedAsked', actions: ['update'] });
    expect(t.asks()).toHaveLength(2);
    expect(t.snapshot().value).toBe('LOADING');
  });

  it('asks the router for sign-in on notAllowed when signed out', async () => {
    const t = start({ signedIn: false });
    await t.answer({ userMessage: 'notAllowed', sysMessage: 'Contact-1 is not public' }, { erred: true });
    expect(t.snapshot().value).toBe('SIGN_IN_REQUIRED');
    expect(t.router.getSnapshot().context.signInRequests).toBe(1);
  });

  it('shows notAllowed with its system message when signed in, and reads again on retry', async () => {
    const t = start();
    await t.answer({ userMessage: 'notAllowed', sysMessage: 'Contact-1 is private' }, { erred: true });
    expect(t.snapshot().value).toBe('FAILED');
    expect(selectItemError(t.snapshot())).toEqual({ userMessage: 'notAllowed', sysMessage: 'Contact-1 is private' });
    expect(t.router.getSnapshot().context.signInRequests).toBe(0);
    t.subject.send({ type: 'item.retryRequested' });
    expect(selectItemError(t.snapshot())).toBeNull();
    expect(t.ops()).toEqual(['read/Contact-1', 'read/Contact-1']);
    await t.answer(buildItem());
    expect(t.snapshot().value).toBe('READY');
  });

  it('shows an empty response when the read answers something that is not an item', async () => {
    const t = start();
    await t.answer(null);
    expect(t.snapshot().value).toBe('FAILED');
    expect(selectItemError(t.snapshot())).toEqual({ userMessage: 'errors.emptyResponse' });
    expect(selectItem(t.snapshot())).toBeNull();
  });

  it('reads again as a visitor on sign-out while the read is on its way, and takes no answer meant for the user who left', async () => {
    const t = start();
    t.auth.send({ type: 'fake.signedOut' });
    expect(t.ops()).toEqual(['read/Contact-1', 'read/Contact-1']);
    await t.answer(buildItem({ name: 'Private to the user' }), { index: 0 });
    expect(t.snapshot().value).toBe('LOADING');
    expect(selectItem(t.snapshot())).toBeNull();
    await t.answer({ userMessage: 'notAllowed', sysMessage: 'Contact-1 is not public' }, { erred: true, index: 1 });
    expect(t.snapshot().value).toBe('SIGN_IN_REQUIRED');
    expect(t.router.getSnapshot().context.signInRequests).toBe(1);
  });

  it('on sign-out under an open item, takes neither its watch answer nor a permission answer asked before, even once READY again', async () => {
    const t = start();
    await t.answer(buildItem());
    t.subject.send({ type: 'item.allowedAsked', actions: ['update'] });
    t.auth.send({ type: 'fake.signedOut' });
    expect(t.ops()).toEqual(['read/Contact-1', 'addWatch/Contact-1/3', 'act/isAllowed', 'read/Contact-1']);
    expect(t.snapshot().value).toBe('LOADING');
    await t.answer(buildItem({ $access: 'PUBLIC', _u: 4, name: 'Public Mary' }), { index: 3 });
    expect(t.snapshot().value).toBe('READY');
    expect(t.ops().at(-1)).toBe('addWatch/Contact-1/4');
    // The signed-in user's watch and question answer late, after the visitor's watch was sent.
    await t.answer(buildItem({ _u: 5, name: 'Private Mary' }), { index: 1 });
    await t.answer({ allowed: { update: true }, applyGrants: true }, { index: 2 });
    expect(selectItem(t.snapshot())?.name).toBe('Public Mary');
    expect(isActionAllowed(t.snapshot(), 'update')).toBeUndefined();
    expect(t.serverUpdated()).toHaveLength(0);
    // The visitor's own watch is still heard.
    await t.answer(buildItem({ $access: 'PUBLIC', _u: 6, name: 'Public Mary T.' }), { index: 4 });
    expect(selectItem(t.snapshot())?.name).toBe('Public Mary T.');
  });

  it('is marked deleted when a task deleted it', async () => {
    const t = start();
    await t.answer(buildItem());
    t.tasks.send({ type: 'fake.deleted', id: 'Contact-2' });
    expect(selectDeleted(t.snapshot())).toBe(false);
    t.tasks.send({ type: 'fake.deleted', id: 'Contact-1' });
    expect(selectDeleted(t.snapshot())).toBe(true);
  });
});
