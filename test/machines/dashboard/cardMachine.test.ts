import {
  cardMachine,
  selectCardError,
  selectCardHits,
  selectCardLive,
  selectCardLoading,
  selectCardMonth,
} from '../../../machines/dashboard/cardMachine';
import { setup, stopChild, type ActorRefFrom } from 'xstate';
import type { CardDef } from '../../../src/shared/dashboard/CardDef';
import { settled, startInSession } from '../router/support/sessionFakes';

const LIST: CardDef = {
  key: 'journal.recent',
  title: 'dashboard.journal.recent',
  size: 'THIRD',
  kind: 'list',
  type: 'JournalEntry',
  must: { 'fb-private': false },
  max: 3,
};
const CALENDAR: CardDef = {
  key: 'journal.calendar',
  title: 'dashboard.journal.calendar',
  size: 'TWO_THIRDS',
  kind: 'calendar',
  type: 'JournalEntry',
  dateProperty: 'date',
};
const entry = (i: number, title: string) => ({
  $id: `JournalEntry-${i}`,
  _t: 'JournalEntry',
  _i: i,
  _u: 1,
  _c: { ts: '2026-05-01T10:00:00Z', by: null },
  $access: 'PUBLIC',
  $labels: {},
  title,
  date: '2026-05-04',
});

/** Holds the card as a cell does, and stops it on `test.close` (a child cannot be stopped directly). */
const holder = (card: CardDef, month: string | null) =>
  setup({ actors: { card: cardMachine } }).createMachine({
    invoke: { id: 'card', src: 'card', input: { card, month } },
    on: { 'test.close': { actions: stopChild('card') } },
  });

function start(card: CardDef, month: string | null = null) {
  const h = startInSession(holder(card, month), { systemId: 'holder', input: undefined });
  const card$ = () => h.subject.getSnapshot().children.card as ActorRefFrom<typeof cardMachine>;
  const subject = card$();
  const snapshot = () => subject.getSnapshot();
  /** Answers the search with `ids` and, when there are any, the readMany that follows. */
  const answer = async (...items: ReturnType<typeof entry>[]) => {
    h.reply({
      ids: items.map((i) => i.$id),
      labels: Object.fromEntries(items.map((i) => [i.$id, i.title])),
      total: items.length,
      facets: {},
    });
    await settled();
    if (items.length) {
      h.reply(Object.fromEntries(items.map((i) => [i.$id, i])));
      await settled();
    }
  };
  return { ...h, subject, close: () => h.subject.send({ type: 'test.close' }), snapshot, answer };
}

describe('dashboard card machine', () => {
  it('watches its type, searches, reads the hits and shows them in the search order', async () => {
    const t = start(LIST);
    expect(t.sent()[0]).toEqual({ o: 'addWatch/JournalEntry-0', b: {} });
    expect(t.sent()[1]).toEqual({
      o: 'search/ids',
      b: { must: { 'fb-private': false, _: 'JournalEntry' }, labels: true, sort: [{ key: 'created', order: 'desc' }], max: 3 },
    });
    expect(selectCardLoading(t.snapshot())).toBe(true);
    t.reply({ count: 7 }, { index: 0 });
    await settled();
    expect(selectCardLive(t.snapshot())).toBe(true);
    await t.answer(entry(2, 'Herons'), entry(1, 'Moose'));
    expect(t.sent()[2]).toEqual({ o: 'readMany/object', b: ['JournalEntry-2', 'JournalEntry-1'] });
    const hits = selectCardHits(t.snapshot());
    expect(hits?.ids).toEqual(['JournalEntry-2', 'JournalEntry-1']);
    expect(hits?.items['JournalEntry-1']?.title).toBe('Moose');
    expect(selectCardLoading(t.snapshot())).toBe(false);
    t.stop();
  });

  it('loads again on a push of its type, not of another, keeping what it shows meanwhile', async () => {
    const t = start(LIST);
    await t.answer(entry(1, 'Moose'));
    const before = t.sent().length;
    t.connection.send({ type: 'fake.push', frame: { o: 'item/update', b: { ...entry(9, 'x'), _t: 'Meeting', $id: 'Meeting-9' } } });
    expect(t.sent()).toHaveLength(before);
    t.connection.send({ type: 'fake.push', frame: { o: 'item/update', b: entry(2, 'Herons') } });
    expect(t.sent()).toHaveLength(before + 1);
    expect(t.sent().at(-1)?.o).toBe('search/ids');
    expect(selectCardHits(t.snapshot())?.ids).toEqual(['JournalEntry-1']);
    await t.answer(entry(2, 'Herons'), entry(1, 'Moose'));
    expect(selectCardHits(t.snapshot())?.ids).toEqual(['JournalEntry-2', 'JournalEntry-1']);
    t.stop();
  });

  it('an empty search reads nothing; a failure is kept until a reload answers', async () => {
    const t = start(LIST);
    await t.answer();
    expect(t.sent().map((f) => f.o)).toEqual(['addWatch/JournalEntry-0', 'search/ids']);
    expect(selectCardHits(t.snapshot())).toEqual({ ids: [], labels: {}, total: 0, items: {} });
    t.subject.send({ type: 'card.reloadRequested' });
    t.reply({ userMessage: 'queryTimeout' }, { erred: true });
    await settled();
    expect(t.snapshot().value).toBe('FAILED');
    expect(selectCardError(t.snapshot())?.userMessage).toBe('queryTimeout');
    t.subject.send({ type: 'card.reloadRequested' });
    await t.answer(entry(1, 'Moose'));
    expect(t.snapshot().value).toBe('READY');
    expect(selectCardError(t.snapshot())).toBeNull();
    t.stop();
  });

  it('a calendar card searches its month by the date property and turns to another month', async () => {
    const t = start(CALENDAR, '2026-02');
    expect(t.sent()[1]?.b).toEqual({
      must: { _: 'JournalEntry', 'dr-date': { from: '2026-02-01', to: '2026-02-28' } },
      labels: true,
      sort: [{ key: 'date', order: 'asc' }],
      max: 500,
    });
    await t.answer();
    t.subject.send({ type: 'card.monthShown', month: '2026-03' });
    expect(selectCardMonth(t.snapshot())).toBe('2026-03');
    expect((t.sent().at(-1)?.b as { must: Record<string, unknown> }).must['dr-date']).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    const count = t.sent().length;
    t.subject.send({ type: 'card.monthShown', month: '2026-13' });
    t.subject.send({ type: 'card.monthShown', month: '2026-03' });
    expect(t.sent()).toHaveLength(count);
    t.stop();
  });

  it('watches again after a reconnection and takes its watch away when it stops', async () => {
    const t = start(LIST);
    t.reply({ count: 4 }, { index: 0 });
    await settled();
    await t.answer();
    t.connection.send({ type: 'fake.push', frame: { o: 'authed', b: { $id: 'User-1' } } });
    const again = t
      .sent()
      .slice(-2)
      .map((f) => f.o);
    expect(again).toEqual(['addWatch/JournalEntry-0', 'search/ids']);
    expect(selectCardLive(t.snapshot())).toBe(false);
    t.reply({ count: 1 }, { index: t.sent().length - 2 });
    await settled();
    expect(selectCardLive(t.snapshot())).toBe(true);
    t.close();
    expect(t.sent().at(-1)).toEqual({ o: 'removeWatch/JournalEntry-0/1' });
    t.stop();
  });

  it('a refused watch leaves the card showing its items, not live; a task deleting one of its type loads it again', async () => {
    const t = start(LIST);
    t.reply({ userMessage: 'tooLarge' }, { index: 0, erred: true });
    await settled();
    await t.answer(entry(1, 'Moose'));
    expect(selectCardLive(t.snapshot())).toBe(false);
    const before = t.sent().length;
    t.tasks.send({ type: 'fake.deleted', id: 'Contact-3' });
    expect(t.sent()).toHaveLength(before);
    t.tasks.send({ type: 'fake.deleted', id: 'JournalEntry-1' });
    expect(t.sent().at(-1)?.o).toBe('search/ids');
    t.close();
    // Never registered: nothing to take away.
    expect(t.sent().some((f) => f.o.startsWith('removeWatch'))).toBe(false);
    t.stop();
  });
});
