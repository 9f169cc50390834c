import { assign, setup, type AnyEventObject } from 'xstate';
import { relatedMachine, selectRelatedHits, selectRelatedSelected } from '../../../machines/item/relatedMachine';
import { createHref, relatedQuery, relatedSort } from '../../../machines/item/relatedQuery';
import { parseLocation } from '../../../machines/router/parseLocation';
import { CORE_VIEWS } from '../../../machines/router/views';
import { SystemId } from '../../../machines/systemIds';
import { settled, startInSession } from '../router/support/sessionFakes';

const ORG = 'Organization-1';
const meeting = (i: number, summary: string, owner = ORG) => ({
  $id: `Meeting-${i}`,
  _t: 'Meeting',
  _i: i,
  _u: 1,
  _c: { ts: '2026-05-01T10:00:00Z', by: null },
  $access: 'PROTECTED',
  $labels: {},
  summary,
  date: '2026-05-04',
  owner: { id: owner },
});

/** A router that shows `/search/i-Organization-1` and records what it is told. */
const fakeRouter = setup({
  types: { context: {} as { location: ReturnType<typeof parseLocation>; told: AnyEventObject[] } },
}).createMachine({
  context: { location: parseLocation('/search/i-Organization-1', '?c0=lakeview', CORE_VIEWS), told: [] },
  on: { '*': { actions: assign(({ context, event }) => ({ told: [...context.told, event] })) } },
});

function start() {
  const h = startInSession(relatedMachine, {
    systemId: 'related',
    input: { itemId: ORG, list: { type: 'Meeting', prop: 'owner' }, cellKey: 'i-Organization-1' },
    extra: { [SystemId.router]: fakeRouter },
  });
  const answer = async (total: number, ...items: ReturnType<typeof meeting>[]) => {
    h.reply({ ids: items.map((i) => i.$id), labels: Object.fromEntries(items.map((i) => [i.$id, i.summary])), total, facets: {} });
    await settled();
    if (items.length) {
      h.reply(Object.fromEntries(items.map((i) => [i.$id, i])));
      await settled();
    }
  };
  const told = () => (h.extra(SystemId.router).getSnapshot() as { context: { told: AnyEventObject[] } }).context.told;
  return { ...h, answer, told };
}

describe('related-items list machine', () => {
  it('watches the type and asks for the items whose relation points here, newest first by their date', async () => {
    const t = start();
    expect(t.sent()[0]).toEqual({ o: 'addWatch/Meeting-0', b: {} });
    expect(t.sent()[1]).toEqual({
      o: 'search/ids',
      b: { must: { _: 'Meeting', 'ft-owner': ORG }, sort: [{ key: 'date', order: 'desc' }], labels: true, max: 10 },
    });
    await t.answer(1, meeting(3, 'Band council'));
    expect(selectRelatedHits(t.subject.getSnapshot())?.labels).toEqual({ 'Meeting-3': 'Band council' });
    t.stop();
  });

  it('loads again for a pushed item that points here or that it showed, not for others', async () => {
    const t = start();
    await t.answer(1, meeting(3, 'Band council'));
    const before = t.sent().length;
    t.connection.send({ type: 'fake.push', frame: { o: 'item/update', b: meeting(9, 'Elsewhere', 'Organization-2') } });
    expect(t.sent()).toHaveLength(before);
    t.connection.send({ type: 'fake.push', frame: { o: 'item/update', b: meeting(4, 'Elders') } });
    expect(t.sent()).toHaveLength(before + 1);
    await t.answer(2, meeting(4, 'Elders'), meeting(3, 'Band council'));
    // Moved to another organisation: it was shown, so the list asks again and it leaves.
    t.connection.send({ type: 'fake.push', frame: { o: 'item/update', b: meeting(3, 'Band council', 'Organization-2') } });
    expect(t.sent()).toHaveLength(before + 3);
    await t.answer(1, meeting(4, 'Elders'));
    expect(selectRelatedHits(t.subject.getSnapshot())?.ids).toEqual(['Meeting-4']);
    t.tasks.send({ type: 'fake.deleted', id: 'Meeting-4' });
    expect(t.sent().at(-1)?.o).toBe('search/ids');
    t.stop();
  });

  it('filters after a pause in typing, from the first page again, and shows more on asking', async () => {
    const t = start();
    await t.answer(12, meeting(3, 'Band council'));
    t.subject.send({ type: 'related.moreRequested' });
    expect((t.sent().at(-1)?.b as { max: number }).max).toBe(20);
    await t.answer(12, meeting(3, 'Band council'));
    const before = t.sent().length;
    t.subject.send({ type: 'related.typed', text: 'coun' });
    t.subject.send({ type: 'related.typed', text: 'council ' });
    expect(t.sent()).toHaveLength(before);
    t.clock.increment(300);
    expect(t.sent().at(-1)?.b).toEqual({
      must: { _: 'Meeting', 'ft-owner': ORG, q: 'council' },
      sort: [{ key: 'date', order: 'desc' }],
      labels: true,
      max: 10,
    });
    t.stop();
  });

  it('opens a row in the next column, and "add one here" a create form with the relation in its address', async () => {
    const t = start();
    await t.answer(1, meeting(3, 'Band council'));
    t.subject.send({ type: 'related.opened', id: 'Meeting-3' });
    expect(selectRelatedSelected(t.subject.getSnapshot())).toBe('Meeting-3');
    t.subject.send({ type: 'related.createRequested' });
    expect(t.told()).toEqual([
      { type: 'router.opened', fromKey: 'i-Organization-1', segment: 'i-Meeting-3' },
      { type: 'router.linkFollowed', href: '/search/i-Organization-1/i-Meeting-0?c0=lakeview&c2.owner=Organization-1', newTab: false },
    ]);
    t.stop();
  });
});

test('create addresses drop deeper columns and their parameters; lists without a date go by label', () => {
  const location = parseLocation('/i-Organization-1/i-Contact-2/i-Meeting-4', '?c1.x=y&c2=a', CORE_VIEWS);
  expect(createHref(location, 0, { type: 'Contact', prop: '_related' }, ORG)).toBe(
    '/i-Organization-1/i-Contact-0?c1._related=Organization-1',
  );
  // A log of the contact's, with the contact's one organisation as its owner as well.
  expect(createHref(location, 1, { type: 'CommLog', prop: 'contacts' }, 'Contact-2', [['owner', ORG]])).toBe(
    '/i-Organization-1/i-Contact-2/i-CommLog-0?c1.x=y&c2.contacts=Contact-2&c2.owner=Organization-1',
  );
  expect(relatedSort('Contact')).toEqual([{ key: 'label', order: 'asc' }]);
  expect(relatedQuery({ type: 'Contact', prop: '_related' }, ORG, '  ', 10).must).toEqual({ _: 'Contact', 'ft-_related': ORG });
});
