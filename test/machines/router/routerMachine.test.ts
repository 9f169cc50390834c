import { fromPromise } from 'xstate';
import { routerMachine, type RouterEffects, type RouterEmitted } from '../../../machines/router/routerMachine';
import {
  selectActiveItemId,
  selectActiveKey,
  selectCells,
  selectInvalidKey,
  selectLocale,
  selectRouterReady,
} from '../../../machines/router/routerSelectors';
import { SystemId } from '../../../machines/systemIds';
import { flushPromises } from '../session/support/fakes';
import { startInSession } from './support/sessionFakes';

function start(options: { signedIn?: boolean | null; migrated?: boolean; legacy?: (alias: string) => Promise<string> } = {}) {
  const effects = { navigate: jest.fn<void, [string, { replace: boolean }]>(), openTab: jest.fn<void, [string]>() } satisfies RouterEffects;
  const machine = options.legacy
    ? routerMachine.provide({
        actors: { lookUpLegacyPath: fromPromise<string, { alias: string }>(({ input }) => options.legacy!(input.alias)) },
      })
    : routerMachine;
  const h = startInSession(machine, {
    systemId: SystemId.router,
    input: { effects, migratedFromCKK1: options.migrated ?? false },
    signedIn: options.signedIn === undefined ? true : options.signedIn,
  });
  const emitted: RouterEmitted[] = [];
  h.subject.on('router.activeChanged', (event) => emitted.push(event));
  const snapshot = () => h.subject.getSnapshot();
  return {
    ...h,
    effects,
    emitted,
    snapshot,
    keys: () => selectCells(snapshot()).map((cell) => cell.spec.key),
    go: (path: string, search = '') => h.subject.send({ type: 'router.locationChanged', path, search }),
    cell: (key: string) => {
      const cell = selectCells(snapshot()).find((c) => c.spec.key === key);
      if (!cell) throw new Error(`no cell ${key}`);
      return cell.ref;
    },
    navigations: () => effects.navigate.mock.calls,
  };
}

describe('routerMachine', () => {
  it('waits in INIT for the location and for the answer "signed in or not"', () => {
    const r = start({ signedIn: null });
    expect(r.snapshot().value).toBe('INIT');
    r.go('/search/i-Contact-1', 'c0=river&lang=fr');
    expect(r.snapshot().value).toBe('INIT');
    r.auth.send({ type: 'fake.signedIn' });
    expect(selectRouterReady(r.snapshot())).toBe(true);
    expect(r.keys()).toEqual(['v-search', 'i-Contact-1']);
    expect(selectActiveKey(r.snapshot())).toBe('i-Contact-1');
    expect(selectActiveItemId(r.snapshot())).toBe('Contact-1');
    expect(selectLocale(r.snapshot())).toBe('fr');
    expect(r.emitted).toEqual([{ type: 'router.activeChanged', key: 'i-Contact-1', itemId: 'Contact-1' }]);
    expect(r.cell('v-search').getSnapshot().context.spec.routeParam).toBe('river');
  });

  it('redirects a visitor without a token to /sign-in?next=, but not from /i- paths or public views', () => {
    const r = start({ signedIn: false });
    r.go('/notifications/i-Notify-3', 'c1=x');
    expect(r.navigations()).toEqual([[`/sign-in?next=${encodeURIComponent('/notifications/i-Notify-3?c1=x')}`, { replace: true }]]);
    expect(r.keys()).toEqual([]);
    r.go('/i-Contact-1');
    r.go('/register');
    expect(r.navigations()).toHaveLength(1);
    expect(r.keys()).toEqual(['v-register']);
  });

  it('sends / and /sign-out to plain /sign-in when signed out', () => {
    const r = start({ signedIn: false });
    r.go('/');
    r.go('/sign-out');
    expect(r.navigations()).toEqual([
      ['/sign-in', { replace: true }],
      ['/sign-in', { replace: true }],
    ]);
  });

  it('applies the access rule again when the user signs out', () => {
    const r = start();
    r.go('/admin.state');
    expect(r.keys()).toEqual(['v-admin.state']);
    r.auth.send({ type: 'fake.signingIn' });
    expect(r.navigations()).toEqual([]);
    r.auth.send({ type: 'fake.signedOut' });
    expect(r.navigations()).toEqual([[`/sign-in?next=${encodeURIComponent('/admin.state')}`, { replace: true }]]);
  });

  it('shows /home as /', () => {
    const r = start();
    r.go('/home', 'lang=fr');
    expect(r.navigations()).toEqual([['/?lang=fr', { replace: true }]]);
  });

  it('shows the not-found column after the valid ones instead of a toast over a blank page', async () => {
    const r = start();
    r.go('/search/nowhere/i-Contact-1');
    expect(r.keys()).toEqual(['v-search', 'v-not-found']);
    expect(selectInvalidKey(r.snapshot())).toBe('nowhere');
    expect(selectActiveKey(r.snapshot())).toBe('v-not-found');
    expect(r.alerts).toEqual([]);
    r.go('/no-such-view');
    await flushPromises();
    expect(r.keys()).toEqual(['v-not-found']);
    expect(r.cell('v-not-found').getSnapshot().context.spec.index).toBe(0);
    r.go('/');
    await flushPromises();
    expect(r.keys()).toEqual(['v-home']);
  });

  it("moves a path's locale into ?lang and shows what the rest names", () => {
    const r = start();
    r.go('/fr/search/i-Contact-1', 'c0=x');
    expect(r.navigations()).toEqual([['/search/i-Contact-1?c0=x&lang=fr', { replace: true }]]);
    expect(r.keys()).toEqual([]);
    r.go('/search/i-Contact-1', 'c0=x&lang=fr');
    expect(r.keys()).toEqual(['v-search', 'i-Contact-1']);
    expect(selectLocale(r.snapshot())).toBe('fr');
    r.go('/en/i-Contact-1');
    expect(r.navigations().at(-1)).toEqual(['/i-Contact-1', { replace: true }]);
    expect(r.alerts).toEqual([]);
  });

  it('takes /debug for a view (drawn by its own route): no warning', () => {
    const r = start();
    r.go('/debug');
    expect(r.keys()).toEqual(['v-debug']);
    expect(selectInvalidKey(r.snapshot())).toBeNull();
    expect(r.alerts).toEqual([]);
  });

  it('with the migration flag, asks the server for an old path and opens the item', async () => {
    const asked: string[] = [];
    const r = start({ migrated: true, legacy: (alias) => (asked.push(alias), Promise.resolve('Organization-3')) });
    r.go('/node/1234');
    expect(r.snapshot().matches({ APPLY_FOCUS: 'LEGACY' })).toBe(true);
    await flushPromises();
    expect(asked).toEqual(['/node/1234']);
    expect(r.navigations()).toEqual([['/i-Organization-3', { replace: true }]]);
    expect(r.alerts).toEqual([]);
  });

  it('with the migration flag, shows the not-found column when the server knows no item for the old path', async () => {
    const r = start({ migrated: true, legacy: () => Promise.reject(new Error('notFound')) });
    r.go('/node/99');
    await flushPromises();
    expect(r.navigations()).toEqual([]);
    expect(r.keys()).toEqual(['v-not-found']);
    expect(r.alerts).toEqual([]);
    expect(r.snapshot().value).toBe('READY');
  });

  it('asks the connection with act/getLegacyPath and {alias}', async () => {
    const r = start({ migrated: true });
    r.go('/node/1234');
    expect(r.sent()).toEqual([{ o: 'act/getLegacyPath', b: { alias: '/node/1234' } }]);
    r.reply({ itemId: 'Organization-3' });
    await flushPromises();
    expect(r.navigations()).toEqual([['/i-Organization-3', { replace: true }]]);
    r.go('/node/77');
    r.reply({ userMessage: 'notFound' }, { erred: true });
    await flushPromises();
    expect(r.keys()).toEqual(['v-not-found']);
  });

  it('sends /user/login home when the migration flag is on, and shows it as not found otherwise', () => {
    const migrated = start({ migrated: true });
    migrated.go('/user/login');
    expect(migrated.navigations()).toEqual([['/', { replace: true }]]);
    const plain = start();
    plain.go('/user/login');
    expect(plain.keys()).toEqual(['v-not-found']);
  });

  it('focusing a column closes the deeper ones once each agreed', async () => {
    const r = start();
    r.go('/search/i-Contact-1/timeline', 'c0=river&c2=x');
    r.subject.send({ type: 'router.focusRequested', key: 'v-search' });
    expect(r.snapshot().matches({ APPLY_FOCUS: 'CLOSING' })).toBe(true);
    await flushPromises();
    expect(r.keys()).toEqual(['v-search']);
    expect(r.navigations()).toEqual([['/search?c0=river', { replace: false }]]);
    expect(selectActiveKey(r.snapshot())).toBe('v-search');
    r.go('/search', 'c0=river');
    expect(r.keys()).toEqual(['v-search']);
    expect(r.snapshot().value).toBe('READY');
  });

  it('keeps every column when one refuses, and refuses to close a dirty cell', async () => {
    const r = start();
    r.go('/search/i-Contact-1/timeline');
    r.cell('i-Contact-1').send({ type: 'cell.edited' });
    r.subject.send({ type: 'router.focusRequested', key: 'v-search' });
    await flushPromises();
    expect(r.keys()).toEqual(['v-search', 'i-Contact-1', 'v-timeline']);
    expect(r.navigations()).toEqual([]);
    expect(r.snapshot().value).toBe('READY');
  });

  it('puts the location back when a location change would close a dirty cell', async () => {
    const r = start();
    r.go('/search/i-Contact-1', 'c0=a');
    r.cell('i-Contact-1').send({ type: 'cell.edited' });
    r.go('/search', 'c0=a');
    await flushPromises();
    expect(r.keys()).toEqual(['v-search', 'i-Contact-1']);
    expect(r.navigations()).toEqual([['/search/i-Contact-1?c0=a', { replace: true }]]);
  });

  it('closes a column and the deeper ones from its close button, home for the first', async () => {
    const r = start();
    r.go('/search/i-Contact-1/timeline');
    r.subject.send({ type: 'router.closeRequested', key: 'i-Contact-1' });
    await flushPromises();
    expect(r.keys()).toEqual(['v-search']);
    r.subject.send({ type: 'router.closeRequested', key: 'v-search' });
    await flushPromises();
    expect(r.navigations()).toEqual([
      ['/search', { replace: false }],
      ['/', { replace: false }],
    ]);
  });

  it('closes every column of an item a task deleted, with the deeper ones', () => {
    const r = start();
    r.go('/search/i-Contact-1/timeline');
    r.tasks.send({ type: 'fake.deleted', id: 'Contact-2' });
    expect(r.keys()).toHaveLength(3);
    r.tasks.send({ type: 'fake.deleted', id: 'Contact-1' });
    expect(r.keys()).toEqual(['v-search']);
    expect(r.navigations()).toEqual([['/search', { replace: true }]]);
    expect(selectActiveKey(r.snapshot())).toBe('v-search');
  });

  it('opens a cell after a column, sets a wizard position, follows links and strips ci-N for a new tab', () => {
    const r = start();
    r.go('/search/i-Consultation-4/timeline', 'c0=a&c1=1');
    r.subject.send({ type: 'router.opened', fromKey: 'v-search', segment: 'i-Contact-9' });
    r.subject.send({ type: 'router.paramSet', key: 'i-Consultation-4', param: '2-4' });
    r.subject.send({ type: 'router.linkFollowed', href: '/i-Contact-2?ci-1=3&c0=b', newTab: true });
    r.subject.send({ type: 'router.linkFollowed', href: '/i-Contact-2?ci-1=3', newTab: false });
    r.subject.send({ type: 'router.opened', fromKey: 'nope', segment: 'i-Contact-9' });
    expect(r.navigations()).toEqual([
      ['/search/i-Contact-9?c0=a', { replace: false }],
      ['/search/i-Consultation-4/timeline?c0=a&c1=2-4', { replace: true }],
      ['/i-Contact-2?ci-1=3', { replace: false }],
    ]);
    expect(r.effects.openTab.mock.calls).toEqual([['/i-Contact-2?c0=b']]);
  });

  it('passes a changed column parameter to its cell', () => {
    const r = start();
    r.go('/i-Consultation-4', 'c0=1');
    const cell = r.cell('i-Consultation-4');
    r.go('/i-Consultation-4', 'c0=2-3');
    expect(r.cell('i-Consultation-4')).toBe(cell);
    expect(cell.getSnapshot().context.spec.routeParam).toBe('2-3');
  });

  it('sends to sign-in with the full path when an item needs it', () => {
    const r = start();
    r.go('/i-Contact-5', 'c0=x');
    r.subject.send({ type: 'router.signInRequired' });
    expect(r.navigations()).toEqual([[`/sign-in?next=${encodeURIComponent('/i-Contact-5?c0=x')}`, { replace: true }]]);
  });

  it('gives views their width and noColumns', async () => {
    const r = start();
    r.go('/search');
    expect(r.cell('v-search').getSnapshot().context.width).toBe('TWO_THIRDS');
    r.go('/docs/intro');
    await flushPromises();
    expect(r.cell('v-docs').getSnapshot().context).toMatchObject({ noColumns: true, spec: expect.objectContaining({ arg: 'intro' }) });
  });

  describe('sign-out (spec 000 §2: closes open work, then /sign-out)', () => {
    const signOuts = (r: ReturnType<typeof start>) => r.auth.getSnapshot().context.signOuts;

    it('asks auth to sign out once every column agreed to close', async () => {
      const r = start();
      r.go('/search/i-Contact-1', 'c0=a');
      r.go('/sign-out');
      expect(signOuts(r)).toBe(0);
      await flushPromises();
      expect(r.keys()).toEqual(['v-sign-out']);
      expect(signOuts(r)).toBe(1);
      expect(r.navigations()).toEqual([]);
    });

    it('keeps a column with unsaved changes, stays signed in and puts the location back', async () => {
      const r = start();
      r.go('/search/i-Contact-1', 'c0=a');
      r.cell('i-Contact-1').send({ type: 'cell.edited' });
      r.go('/sign-out');
      await flushPromises();
      expect(signOuts(r)).toBe(0);
      expect(r.keys()).toEqual(['v-search', 'i-Contact-1']);
      expect(r.navigations()).toEqual([['/search/i-Contact-1?c0=a', { replace: true }]]);
      // The same warning a close of that column gives.
      expect(r.alerts).toContainEqual({ type: 'alerts.raised', alert: { type: 'WARNING', message: 'app.closeRefused.dirty' } });
      expect(r.snapshot().value).toBe('READY');
    });

    it('signs out after the user discarded the changes and asked again', async () => {
      const r = start();
      r.go('/i-Contact-1');
      r.cell('i-Contact-1').send({ type: 'cell.edited' });
      r.go('/sign-out');
      await flushPromises();
      expect(signOuts(r)).toBe(0);
      r.go('/i-Contact-1');
      r.cell('i-Contact-1').send({ type: 'cell.discardRequested' });
      r.go('/sign-out');
      await flushPromises();
      expect(signOuts(r)).toBe(1);
      expect(r.keys()).toEqual(['v-sign-out']);
    });

    it('signs out at once when no column is open, and not at all when signed out (plain /sign-in instead)', async () => {
      const r = start();
      r.go('/sign-out');
      expect(signOuts(r)).toBe(1);
      const visitor = start({ signedIn: false });
      visitor.go('/sign-out');
      await flushPromises();
      expect(signOuts(visitor)).toBe(0);
      expect(visitor.navigations()).toEqual([['/sign-in', { replace: true }]]);
    });
  });
});
