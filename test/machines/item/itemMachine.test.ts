import { assign, createMachine, setup, spawnChild, stopChild, type ActorRefFrom } from 'xstate';
import type { Item } from '../../../src/shared/items/types';
import { isActionAllowed, itemMachine, selectDeleted, selectItem, selectItemError } from '../../../machines/item/itemMachine';
import { SystemId } from '../../../machines/systemIds';
import { startInSession } from '../router/support/sessionFakes';

function buildItem(overrides: Partial<Item> = {}): Item {
  return {
    $id: 'Contact-1',
    _t: 'Contact',
    _i: 1,
    _u: 3,
    _c: { ts: '2024-05-01T10:00:00Z', by: 'User-1' },
    $access: 'COMMUNITY',
    $labels: { 'Contact-1': 'Mary Thomas' },
    name: 'Mary Thomas',
    ...overrides,
  } as Item;
}

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
  return { ...h, item, ops: () => h.sent().map((frame) => frame.o) };
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
    serverUpdated: () => h.alerts.filter((event) => event.alert?.message === 'app.serverUpdated'),
    push: (item: Item) => h.connection.send({ type: 'fake.push', frame: { o: 'item/update', b: item } }),
  };
}

describe('itemMachine', () => {
  it('reads the item, then watches it with its _u', () => {
    const t = start();
    expect(t.ops()).toEqual(['read/Contact-1']);
    expect(t.snapshot().value).toBe('LOADING');
    t.reply(buildItem());
    expect(t.snapshot().value).toBe('READY');
    expect(selectItem(t.snapshot())?.name).toBe('Mary Thomas');
    expect(t.ops()).toEqual(['read/Contact-1', 'addWatch/Contact-1/3']);
  });

  it('takes the current item from the watch answer when its own copy was stale, and nothing from null', () => {
    const t = start();
    t.reply(buildItem());
    t.reply(null);
    expect(selectItem(t.snapshot())?._u).toBe(3);
    t.reply(buildItem({ _u: 4, name: 'Mary T.' }));
    expect(selectItem(t.snapshot())?.name).toBe('Mary T.');
    expect(t.serverUpdated()).toHaveLength(1);
  });

  it('replaces the item on item/update and says app.serverUpdated when it is the focused cell', () => {
    const t = start();
    t.reply(buildItem());
    t.push(buildItem({ _u: 4, name: 'Mary A. Thomas' }));
    expect(selectItem(t.snapshot())?.name).toBe('Mary A. Thomas');
    expect(t.alerts).toEqual([{ type: 'alerts.raised', alert: { type: 'INFO', message: 'app.serverUpdated' } }]);
    t.router.send({ type: 'fake.focus', itemId: 'Contact-9' });
    t.push(buildItem({ _u: 5, name: 'M. Thomas' }));
    expect(selectItem(t.snapshot())?.name).toBe('M. Thomas');
    expect(t.serverUpdated()).toHaveLength(1);
  });

  it('ignores pushes of other items and of older or equal versions', () => {
    const t = start();
    t.reply(buildItem({ _u: 5 }));
    t.push(buildItem({ $id: 'Contact-2', _u: 9, name: 'Other' }));
    t.push(buildItem({ _u: 5, name: 'Same' }));
    t.push(buildItem({ _u: 4, name: 'Older' }));
    t.connection.send({ type: 'fake.push', frame: { o: 'item/update', b: 'garbage' } });
    expect(selectItem(t.snapshot())?.name).toBe('Mary Thomas');
    expect(t.alerts).toEqual([]);
  });

  it('takes its own saved item without the alert, and then ignores the push of that same change', () => {
    const t = start();
    t.reply(buildItem());
    t.subject.send({ type: 'item.saved', item: buildItem({ _u: 4, name: 'Saved here' }) });
    t.push(buildItem({ _u: 4, name: 'Saved here' }));
    expect(selectItem(t.snapshot())?.name).toBe('Saved here');
    expect(t.alerts).toEqual([]);
  });

  it('sends removeWatch/{id} when stopped after watching, and not when it never watched', () => {
    const watching = startHeld();
    watching.reply(buildItem());
    watching.subject.send({ type: 'test.close' });
    expect(watching.item.getSnapshot().status).toBe('stopped');
    expect(watching.ops()).toEqual(['read/Contact-1', 'addWatch/Contact-1/3', 'removeWatch/Contact-1']);
    const failed = startHeld();
    failed.reply({ userMessage: 'notFound' }, { erred: true });
    failed.subject.send({ type: 'test.close' });
    expect(failed.ops()).toEqual(['read/Contact-1']);
  });

  it('asks act/isAllowed once per action and caches the answers', () => {
    const t = start();
    t.reply(buildItem());
    t.subject.send({ type: 'item.allowedAsked', actions: ['update', 'delete'] });
    t.subject.send({ type: 'item.allowedAsked', actions: ['update', 'grant', 'grant'] });
    const asks = t.sent().filter((frame) => frame.o === 'act/isAllowed');
    expect(asks.map((frame) => frame.b)).toEqual([
      { id: 'Contact-1', actions: ['update', 'delete'] },
      { id: 'Contact-1', actions: ['grant'] },
    ]);
    t.reply({ allowed: { grant: false }, applyGrants: false });
    t.reply({ allowed: { update: true, delete: false }, applyGrants: true }, { index: 2 });
    expect(isActionAllowed(t.snapshot(), 'update')).toBe(true);
    expect(isActionAllowed(t.snapshot(), 'delete')).toBe(false);
    expect(isActionAllowed(t.snapshot(), 'grant')).toBe(false);
    expect(t.snapshot().context.applyGrants).toBe(true);
    t.subject.send({ type: 'item.allowedAsked', actions: ['update', 'delete', 'grant'] });
    expect(t.sent().filter((frame) => frame.o === 'act/isAllowed')).toHaveLength(2);
  });

  it("forgets the previous user's permission answers when auth drops the item caches, and takes no late answer", () => {
    const t = start();
    t.reply(buildItem());
    t.subject.send({ type: 'item.allowedAsked', actions: ['update'] });
    t.reply({ allowed: { update: true }, applyGrants: true });
    t.subject.send({ type: 'item.allowedAsked', actions: ['delete'] });
    t.auth.send({ type: 'fake.cachesDropped' });
    expect(isActionAllowed(t.snapshot(), 'update')).toBeUndefined();
    expect(t.snapshot().context).toMatchObject({ allowed: {}, applyGrants: null, asking: [] });
    // The answer to the previous user's question arrives: not taken.
    t.reply({ allowed: { delete: true }, applyGrants: true });
    expect(isActionAllowed(t.snapshot(), 'delete')).toBeUndefined();
    // The next user is asked afresh.
    t.subject.send({ type: 'item.allowedAsked', actions: ['update'] });
    expect(t.sent().filter((frame) => frame.o === 'act/isAllowed')).toHaveLength(3);
  });

  it('asks again for actions whose question failed', () => {
    const t = start();
    t.subject.send({ type: 'item.allowedAsked', actions: ['update'] });
    t.reply({ userMessage: 'generalFailure' }, { erred: true });
    expect(t.snapshot().context.asking).toEqual([]);
    t.subject.send({ type: 'item.allowedAsked', actions: ['update'] });
    expect(t.sent().filter((frame) => frame.o === 'act/isAllowed')).toHaveLength(2);
    expect(t.snapshot().value).toBe('LOADING');
  });

  it('asks the router for sign-in on notAllowed when signed out', () => {
    const t = start({ signedIn: false });
    t.reply({ userMessage: 'notAllowed', sysMessage: 'Contact-1 is not public' }, { erred: true });
    expect(t.snapshot().value).toBe('SIGN_IN_REQUIRED');
    expect(t.router.getSnapshot().context.signInRequests).toBe(1);
  });

  it('shows notAllowed with its system message when signed in, and reads again on retry', () => {
    const t = start();
    t.reply({ userMessage: 'notAllowed', sysMessage: 'Contact-1 is private' }, { erred: true });
    expect(t.snapshot().value).toBe('FAILED');
    expect(selectItemError(t.snapshot())).toEqual({ userMessage: 'notAllowed', sysMessage: 'Contact-1 is private' });
    expect(t.router.getSnapshot().context.signInRequests).toBe(0);
    t.subject.send({ type: 'item.retryRequested' });
    expect(selectItemError(t.snapshot())).toBeNull();
    expect(t.ops()).toEqual(['read/Contact-1', 'read/Contact-1']);
  });

  it('is marked deleted when a task deleted it', () => {
    const t = start();
    t.reply(buildItem());
    t.tasks.send({ type: 'fake.deleted', id: 'Contact-2' });
    expect(selectDeleted(t.snapshot())).toBe(false);
    t.tasks.send({ type: 'fake.deleted', id: 'Contact-1' });
    expect(selectDeleted(t.snapshot())).toBe(true);
  });
});
