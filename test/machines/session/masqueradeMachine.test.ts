import type { ActorRefFrom } from 'xstate';
import {
  masqueradeMachine,
  MASQUERADE_DEBOUNCE_MS,
  readRecent,
  recentKey,
  selectErrorKey,
  selectPickerOpen,
  selectRecent,
  selectResults,
  withRecent,
} from '../../../machines/session/masqueradeMachine';
import { SystemId } from '../../../machines/systemIds';
import { TOKEN_STORAGE_KEY } from '../../../src/shared/constants';
import type { Frame } from '../../../src/shared/protocol';
import { settled, startInSession } from '../router/support/sessionFakes';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

function start(initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  const reload = jest.fn();
  const h = startInSession(masqueradeMachine, { systemId: SystemId.masquerade, input: { storage, reload, locale: 'de' }, signedIn: true });
  const m = h.subject as ActorRefFrom<typeof masqueradeMachine>;
  /** Answers the last request that `matches`, then lets its operation actor settle. */
  const answer = async (matches: (frame: Frame) => boolean, b: unknown, erred = false) => {
    const index = h.sent().findLastIndex(matches);
    if (index < 0) throw new Error('no such request');
    h.connection.send({ type: 'fake.reply', index, b, erred });
    await settled();
  };
  return { ...h, m, storage, reload, answer };
}

const search = (text: string) => (frame: Frame) => frame.o === 'search/ids' && (frame.b as { must: { q: string } }).must.q === text;
const masquerade = (frame: Frame) => frame.o === 'act/masquerade';

describe('masqueradeMachine', () => {
  it('searches users after a pause in typing, ignoring short text and stale answers', async () => {
    const t = start();
    t.m.send({ type: 'masquerade.opened' });
    expect(selectPickerOpen(t.m.getSnapshot())).toBe(true);
    t.m.send({ type: 'masquerade.typed', text: 'bo' });
    t.clock.increment(MASQUERADE_DEBOUNCE_MS);
    expect(t.sent()).toEqual([]);
    t.m.send({ type: 'masquerade.typed', text: 'bob' });
    t.clock.increment(MASQUERADE_DEBOUNCE_MS - 1);
    t.m.send({ type: 'masquerade.typed', text: 'bob m' });
    t.clock.increment(MASQUERADE_DEBOUNCE_MS);
    expect(t.sent()).toEqual([{ o: 'search/ids', b: { must: { q: 'bob m', _: 'User' }, max: 10, labels: true } }]);
    t.m.send({ type: 'masquerade.typed', text: 'bob mi' });
    t.clock.increment(MASQUERADE_DEBOUNCE_MS);
    await t.answer(search('bob m'), { ids: ['User-8'], labels: { 'User-8': 'Old' } });
    expect(selectResults(t.m.getSnapshot())).toEqual([]);
    await t.answer(search('bob mi'), { ids: ['User-2'], labels: { 'User-2': 'Bob Miller' } });
    expect(selectResults(t.m.getSnapshot())).toEqual([{ id: 'User-2', label: 'Bob Miller' }]);
  });

  it('shows a failed search in the dialog', async () => {
    const t = start();
    t.m.send({ type: 'masquerade.opened' });
    t.m.send({ type: 'masquerade.typed', text: 'carol' });
    t.clock.increment(MASQUERADE_DEBOUNCE_MS);
    await t.answer(search('carol'), { userMessage: 'notAllowed' }, true);
    expect(selectErrorKey(t.m.getSnapshot())).toBe('errors.notAllowed');
  });

  it('starts: asks for a token, remembers the target for the locale, stores the token, drops the socket and reloads', async () => {
    const t = start({ [recentKey('de')]: JSON.stringify([{ id: 'User-3', label: 'Carol' }]) });
    expect(selectRecent(t.m.getSnapshot())).toEqual([{ id: 'User-3', label: 'Carol' }]);
    t.m.send({ type: 'masquerade.opened' });
    t.m.send({ type: 'masquerade.started', target: { id: 'User-2', label: 'Bob' } });
    expect(t.sent()).toEqual([{ o: 'act/masquerade', b: { targetUserID: 'User-2' } }]);
    expect(t.reload).not.toHaveBeenCalled();
    await t.answer(masquerade, { newToken: 'masq-token', expires: '2026-01-01T00:00:00Z' });
    expect(t.storage.data.get(TOKEN_STORAGE_KEY)).toBe('masq-token');
    expect(JSON.parse(t.storage.data.get(recentKey('de'))!)).toEqual([
      { id: 'User-2', label: 'Bob' },
      { id: 'User-3', label: 'Carol' },
    ]);
    expect(t.storage.data.get(recentKey('en'))).toBeUndefined();
    expect(t.reload).toHaveBeenCalledTimes(1);
    expect(t.m.getSnapshot().value).toBe('SWITCHED');
  });

  it('a refused start stays in the dialog with the reason; nothing is stored', async () => {
    const t = start();
    t.m.send({ type: 'masquerade.opened' });
    t.m.send({ type: 'masquerade.started', target: { id: 'User-1', label: 'Admin' } });
    await t.answer(masquerade, { userMessage: 'notAllowed' }, true);
    expect(t.m.getSnapshot().matches('PICKING')).toBe(true);
    expect(selectErrorKey(t.m.getSnapshot())).toBe('errors.notAllowed');
    expect(t.storage.data.size).toBe(0);
    expect(t.reload).not.toHaveBeenCalled();
  });

  it("stops: the administrator's own token comes back and the page reloads; a refusal is told", async () => {
    const t = start();
    t.m.send({ type: 'masquerade.stopRequested' });
    expect(t.sent()).toEqual([{ o: 'act/masquerade', b: { stop: true } }]);
    expect(selectPickerOpen(t.m.getSnapshot())).toBe(false);
    await t.answer(masquerade, { newToken: 'own-token' });
    expect(t.storage.data.get(TOKEN_STORAGE_KEY)).toBe('own-token');
    expect(t.reload).toHaveBeenCalledTimes(1);

    const u = start();
    u.m.send({ type: 'masquerade.stopRequested' });
    await u.answer(masquerade, { userMessage: 'notAllowed' }, true);
    expect(u.m.getSnapshot().value).toBe('CLOSED');
    expect(u.alerts).toEqual([{ type: 'alerts.raised', alert: { type: 'ERROR', message: 'errors.notAllowed' } }]);
  });

  it('keeps five recent targets, newest first, without repeats', () => {
    let recent = [{ id: 'User-1', label: 'A' }];
    for (let i = 2; i <= 7; i++) recent = withRecent(recent, { id: `User-${i}`, label: String(i) });
    recent = withRecent(recent, { id: 'User-5', label: '5' });
    expect(recent.map((r) => r.id)).toEqual(['User-5', 'User-7', 'User-6', 'User-4', 'User-3']);
    expect(readRecent(memoryStorage({ [recentKey('en')]: 'not json' }), 'en')).toEqual([]);
    expect(readRecent(null, 'en')).toEqual([]);
  });
});
