import { assign, createMachine, type ActorRefFrom } from 'xstate';
import { RESULTS_DEBOUNCE_MS, RESULTS_PAGE, searchResultsMachine } from '../../../machines/search/searchResultsMachine';
import {
  selectCarouselIndex,
  selectFacets,
  selectResultIds,
  selectResultRows,
  selectResultsError,
  selectResultsPhase,
  selectResultsSettings,
  selectRowsFailed,
  selectSelectedResult,
} from '../../../machines/search/searchResultsSelectors';
import { bucketFilter, facetSpecsFor, nextSort, resultsQuery, DEFAULT_SETTINGS } from '../../../machines/search/searchResultsQuery';
import { SystemId } from '../../../machines/systemIds';
import type { SearchQuery } from '../../../src/shared/search/SearchQuery';
import { settled, startInSession } from '../router/support/sessionFakes';

// A router that records the columns it is asked to open.
const fakeRouter = createMachine({
  types: {} as { events: { type: 'router.opened'; fromKey: string; segment: string } },
  context: { opened: [] as string[] },
  on: {
    'router.opened': { actions: assign(({ context, event }) => ({ opened: [...context.opened, `${event.fromKey}>${event.segment}`] })) },
  },
});

const NOW = Date.parse('2026-03-10T12:00:00Z');

function start(settings = {}) {
  const h = startInSession(searchResultsMachine, {
    systemId: 'results',
    input: { cellKey: 'v-search', settings, now: () => NOW, tzOffset: 0 },
    signedIn: true,
    extra: { [SystemId.router]: fakeRouter },
  });
  const router = h.extra(SystemId.router) as ActorRefFrom<typeof fakeRouter>;
  const snapshot = () => h.subject.getSnapshot();
  return {
    ...h,
    snapshot,
    phase: () => selectResultsPhase(snapshot()),
    opened: () => router.getSnapshot().context.opened,
    searches: () =>
      h
        .sent()
        .filter((f) => f.o === 'search/ids')
        .map((f) => f.b as SearchQuery),
    reads: () =>
      h
        .sent()
        .filter((f) => f.o === 'readMany/object')
        .map((f) => f.b as string[]),
    indexOf: (o: string, nth = -1) => {
      const all = h
        .sent()
        .map((f, i) => [f.o, i] as const)
        .filter(([op]) => op === o);
      return all.at(nth)![1];
    },
  };
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `Contact-${i + 1}`);
const hits = (list: string[], facets = {}) => ({
  ids: list,
  labels: Object.fromEntries(list.map((id) => [id, `Label ${id}`])),
  total: list.length,
  facets,
});
const item = (id: string) => ({
  $id: id,
  _t: 'Contact',
  _i: Number(id.split('-')[1]),
  _u: 1,
  _c: { ts: '2026-01-01T00:00:00Z', by: null },
  $access: 'PROTECTED',
  $labels: {},
});
const rowsOf = (list: string[]) => Object.fromEntries(list.map((id) => [id, item(id)]));

describe('searchResultsMachine', () => {
  it('asks search/ids with the text, the facets, the default sort and labels, then reads the first page of rows', async () => {
    const t = start({ searchString: 'mary' });
    expect(t.phase()).toBe('LOADING');
    const [query] = t.searches();
    expect(query).toMatchObject({
      must: [{ prop: '', kind: 'q', value: 'mary' }],
      sort: [{ key: 'created', order: 'desc' }],
      facets: [
        { key: '_', kind: 'terms' },
        { key: 'created', kind: 'dateRanges' },
      ],
      labels: true,
      tzOffset: 0,
    });
    t.reply(hits(ids(120), { _: [{ key: 'Contact', count: 120 }] }));
    await settled();
    expect(t.phase()).toBe('READY');
    expect(selectResultIds(t.snapshot())).toHaveLength(120);
    expect(selectFacets(t.snapshot())._).toEqual([{ key: 'Contact', count: 120 }]);
    expect(t.reads()).toEqual([ids(RESULTS_PAGE)]);
    t.reply(rowsOf(ids(RESULTS_PAGE)));
    await settled();
    expect(selectResultRows(t.snapshot())['Contact-1']).toMatchObject({ $id: 'Contact-1' });
  });

  it('reads the rows that scroll into view once, in pages, and marks hits the answer leaves out as gone', async () => {
    const t = start();
    t.reply(hits(ids(300)));
    await settled();
    t.reply(rowsOf(ids(RESULTS_PAGE).filter((id) => id !== 'Contact-3')));
    await settled();
    expect(selectResultRows(t.snapshot())['Contact-3']).toBeNull();
    t.subject.send({ type: 'results.rowsNeeded', from: 40, to: 160 });
    // 0-49 are read; 50-159 go in pages of 50.
    expect(
      t
        .reads()
        .slice(1)
        .map((page) => [page[0], page.length]),
    ).toEqual([
      ['Contact-51', 50],
      ['Contact-101', 50],
      ['Contact-151', 10],
    ]);
    t.subject.send({ type: 'results.rowsNeeded', from: 60, to: 70 });
    expect(t.reads()).toHaveLength(4);
  });

  it('shows No results for an empty answer, and a failure with its message until a retry', async () => {
    const t = start({ searchString: 'nothing' });
    t.reply(hits([]));
    await settled();
    expect(t.phase()).toBe('EMPTY');
    expect(t.reads()).toEqual([]);
    t.subject.send({ type: 'results.textChanged', text: 'boom' });
    t.clock.increment(RESULTS_DEBOUNCE_MS);
    t.reply({ userMessage: 'notSignedIn' }, { erred: true });
    await settled();
    expect(t.phase()).toBe('FAILED');
    expect(selectResultsError(t.snapshot())).toBe('errors.notSignedIn');
    t.subject.send({ type: 'results.retried' });
    expect(t.phase()).toBe('LOADING');
    expect(t.searches()).toHaveLength(3);
  });

  it('waits for a pause in typing, and ignores the answer to an earlier question', async () => {
    const t = start({ searchString: 'mar' });
    const first = t.indexOf('search/ids');
    t.subject.send({ type: 'results.textChanged', text: 'mary' });
    t.clock.increment(RESULTS_DEBOUNCE_MS - 1);
    t.subject.send({ type: 'results.textChanged', text: 'mary t' });
    t.clock.increment(RESULTS_DEBOUNCE_MS - 1);
    expect(t.searches()).toHaveLength(1);
    t.clock.increment(1);
    expect(t.searches()).toHaveLength(2);
    expect(t.searches()[1]!.must).toEqual([{ prop: '', kind: 'q', value: 'mary t' }]);
    t.reply(hits(ids(3)), { index: first });
    await settled();
    expect(t.phase()).toBe('LOADING');
    t.reply(hits(['Contact-9']));
    await settled();
    expect(selectResultIds(t.snapshot())).toEqual(['Contact-9']);
    // The same text again asks nothing, but the field keeps what was typed.
    t.subject.send({ type: 'results.textChanged', text: 'mary t ' });
    expect(t.phase()).toBe('READY');
    expect(selectResultsSettings(t.snapshot()).searchString).toBe('mary t ');
    expect(t.searches()).toHaveLength(2);
  });

  it('ignores rows read for an earlier question', async () => {
    const t = start();
    t.reply(hits(ids(5)));
    await settled();
    const read = t.indexOf('readMany/object');
    t.subject.send({ type: 'results.sortClicked', key: 'lastName' });
    t.reply(hits(['Contact-5', 'Contact-4']));
    await settled();
    t.reply(rowsOf(ids(5)), { index: read });
    await settled();
    expect(Object.keys(selectResultRows(t.snapshot()))).toEqual([]);
    expect(t.searches()[1]!.sort).toEqual([{ key: 'lastName', order: 'asc' }]);
  });

  it('narrows by chosen facet buckets: buckets of one facet are alternatives, facets combine', async () => {
    const t = start();
    t.reply(hits(ids(2)));
    await settled();
    t.subject.send({ type: 'results.facetToggled', facet: '_', bucket: 'Contact' });
    t.subject.send({ type: 'results.facetToggled', facet: '_', bucket: 'Organization' });
    t.subject.send({ type: 'results.facetToggled', facet: 'created', bucket: 'today' });
    const query = t.searches().at(-1)!;
    expect(query.subs).toEqual([
      {
        should: [
          { prop: '', kind: '_', value: 'Contact' },
          { prop: '', kind: '_', value: 'Organization' },
        ],
        facet: '_',
      },
      {
        should: [{ prop: 'created', kind: 'dr', value: { from: '2026-03-10T00:00:00.000Z', to: '2026-03-11T00:00:00.000Z' } }],
        facet: 'created',
      },
    ]);
    t.subject.send({ type: 'results.facetToggled', facet: '_', bucket: 'Contact' });
    expect(selectResultsSettings(t.snapshot()).selectedFacets).toEqual({ _: ['Organization'], created: ['today'] });
    t.subject.send({ type: 'results.facetsCleared' });
    expect(selectResultsSettings(t.snapshot()).selectedFacets).toEqual({});
    expect(t.searches().at(-1)!.subs).toBeUndefined();
  });

  it('offers the facets of the one type chosen in a general search, and drops their choices with that type', async () => {
    const t = start();
    t.reply(hits(ids(2)));
    await settled();
    t.subject.send({ type: 'results.facetToggled', facet: '_', bucket: 'Organization' });
    expect(
      t
        .searches()
        .at(-1)!
        .facets!.map((f) => (typeof f === 'string' ? f : f.key)),
    ).toEqual(['_', 'created', 'type']);
    t.subject.send({ type: 'results.facetToggled', facet: 'type', bucket: 'COMMUNITY' });
    expect(t.searches().at(-1)!.subs).toEqual([
      { should: [{ prop: '', kind: '_', value: 'Organization' }], facet: '_' },
      { should: [{ prop: 'type', kind: 'ft', value: 'COMMUNITY' }], facet: 'type' },
    ]);
    // A second type: the organisation types no longer apply, and their choice goes.
    t.subject.send({ type: 'results.facetToggled', facet: '_', bucket: 'Contact' });
    expect(selectResultsSettings(t.snapshot()).selectedFacets).toEqual({ _: ['Organization', 'Contact'] });
    expect(
      t
        .searches()
        .at(-1)!
        .facets!.map((f) => (typeof f === 'string' ? f : f.key)),
    ).toEqual(['_', 'created']);
  });

  it('applies settings at once; display and facet visibility alone ask nothing', async () => {
    const t = start();
    t.reply(hits(ids(2)));
    await settled();
    t.subject.send({ type: 'results.displaySet', displayAs: 'TABLE' });
    t.subject.send({ type: 'results.facetsShown', show: false });
    t.subject.send({ type: 'results.applied', settings: { displayAs: 'CARDS', showFacets: true } });
    expect(t.searches()).toHaveLength(1);
    expect(t.phase()).toBe('READY');
    t.subject.send({
      type: 'results.applied',
      settings: { searchString: 'acme', itemTypeName: 'Organization', sortBy: [{ key: 'name', order: 'asc' }], displayAs: 'TIMELINE' },
    });
    expect(t.phase()).toBe('LOADING');
    expect(selectResultsSettings(t.snapshot())).toMatchObject({
      searchString: 'acme',
      itemTypeName: 'Organization',
      displayAs: 'TIMELINE',
      showFacets: true,
    });
    expect(t.searches().at(-1)).toMatchObject({
      must: [
        { kind: 'q', value: 'acme' },
        { kind: '_', value: 'Organization' },
      ],
      sort: [{ key: 'name', order: 'asc' }],
      facets: [{ key: 'created' }, { key: 'type', kind: 'terms' }],
    });
  });

  it('opens a result in the next column and steps through the results, wrapping around', async () => {
    const t = start();
    t.reply(hits(ids(3)));
    await settled();
    t.subject.send({ type: 'results.opened', id: 'Contact-2' });
    expect(selectSelectedResult(t.snapshot())).toBe('Contact-2');
    t.subject.send({ type: 'results.stepped', from: 'Contact-3', step: 1 });
    t.subject.send({ type: 'results.stepped', from: 'Contact-1', step: -1 });
    t.subject.send({ type: 'results.stepped', from: 'Organization-9', step: 1 });
    expect(t.opened()).toEqual(['v-search>i-Contact-2', 'v-search>i-Contact-1', 'v-search>i-Contact-3']);
    expect(selectSelectedResult(t.snapshot())).toBe('Contact-3');
  });

  it('steps the carousel round the results and reads the item it comes to', async () => {
    const t = start();
    t.reply(hits(ids(60)));
    await settled();
    t.subject.send({ type: 'results.carouselStepped', step: -1 });
    expect(selectCarouselIndex(t.snapshot())).toBe(59);
    expect(t.reads().at(-1)).toEqual(['Contact-60']);
    t.subject.send({ type: 'results.carouselStepped', step: 1 });
    expect(selectCarouselIndex(t.snapshot())).toBe(0);
  });

  it('keeps the results when rows fail to read, and reads what is missing on retry', async () => {
    const t = start();
    t.reply(hits(ids(3)));
    await settled();
    t.reply({ userMessage: 'generalFailure' }, { erred: true });
    await settled();
    expect(selectRowsFailed(t.snapshot())).toBe(true);
    expect(selectResultsError(t.snapshot())).toBe('errors.generalFailure');
    t.subject.send({ type: 'results.retried' });
    expect(selectRowsFailed(t.snapshot())).toBe(false);
    expect(t.reads()).toEqual([ids(3), ids(3)]);
  });

  it('exports the current results as CSV through a task', async () => {
    const t = start({ searchString: 'mary', itemTypeName: 'Contact' });
    t.subject.send({ type: 'results.exportRequested' });
    const frame = t.sent().find((f) => f.o === 'act/csvExport/async')!;
    expect(frame.b).toMatchObject({
      itemTypeName: 'Contact',
      query: {
        must: [
          { kind: 'q', value: 'mary' },
          { kind: '_', value: 'Contact' },
        ],
      },
    });
    expect((frame.b as { query: SearchQuery }).query.facets).toBeUndefined();
    t.reply({ userMessage: 'notAllowed' }, { erred: true });
    await settled();
    expect(t.alerts).toEqual([{ type: 'alerts.raised', alert: { type: 'ERROR', message: 'errors.notAllowed' } }]);
  });

  it('sends the columns the person sees and their locale with the export', () => {
    const t = start({ itemTypeName: 'Contact' });
    const columns = [{ key: 'firstName', title: 'First name' }];
    t.subject.send({ type: 'results.exportRequested', columns, locale: 'fr' });
    t.subject.send({ type: 'results.exportRequested', columns: [] });
    const [withColumns, without] = t.sent().filter((f) => f.o === 'act/csvExport/async');
    expect(withColumns!.b).toMatchObject({ itemTypeName: 'Contact', columns, locale: 'fr' });
    expect(Object.keys(without!.b as object).sort()).toEqual(['itemTypeName', 'query']);
  });

  it("exports the columns of the one type chosen in a general search's type facet", () => {
    const t = start({ selectedFacets: { _: ['Contact'] } });
    t.subject.send({ type: 'results.exportRequested', columns: [{ key: 'email', title: 'E-mail' }] });
    expect(t.sent().find((f) => f.o === 'act/csvExport/async')!.b).toMatchObject({ itemTypeName: 'Contact' });
  });

  it('stops the reads still under way when one fails, and every export runs on its own until answered', async () => {
    const t = start();
    t.reply(hits(ids(120)));
    await settled();
    t.subject.send({ type: 'results.rowsNeeded', from: 50, to: 120 });
    expect(Object.keys(t.snapshot().children).sort()).toEqual(['rows.0', 'rows.100', 'rows.50']);
    t.reply({ userMessage: 'generalFailure' }, { erred: true });
    await settled();
    expect(selectRowsFailed(t.snapshot())).toBe(true);
    expect(Object.keys(t.snapshot().children)).toEqual([]);
    // The first page's answer comes too late: nobody hears it.
    t.reply(rowsOf(ids(RESULTS_PAGE)), { index: t.indexOf('readMany/object', 0) });
    await settled();
    expect(selectResultRows(t.snapshot())).toEqual({});
    t.subject.send({ type: 'results.exportRequested' });
    t.subject.send({ type: 'results.exportRequested' });
    expect(Object.keys(t.snapshot().children)).toEqual(['export.1', 'export.2']);
    t.reply({ key: 'task-2', started: '2026-01-01T00:00:00Z', percentageComplete: 0 });
    t.reply({ userMessage: 'notAllowed' }, { erred: true, index: t.indexOf('act/csvExport/async', 0) });
    await settled();
    expect(Object.keys(t.snapshot().children)).toEqual([]);
    expect(t.alerts).toEqual([{ type: 'alerts.raised', alert: { type: 'ERROR', message: 'errors.notAllowed' } }]);
    expect(selectRowsFailed(t.snapshot())).toBe(true);
  });
});

describe('results query helpers', () => {
  const now = new Date(NOW);
  it('turns range buckets into date and number ranges', () => {
    const [size] = facetSpecsFor('Attachment').filter((s) => s.key === 'size');
    expect(bucketFilter(size!, '1001-1000000', now, 0)).toEqual({ prop: 'size', kind: 'nr', value: { from: 1001, to: 1_000_000 } });
    expect(bucketFilter({ key: 'born', kind: 'yearRanges' }, '1900-1919', now, 0)).toEqual({
      prop: 'born',
      kind: 'dr',
      value: { from: '1900-01-01T00:00:00.000Z', to: '1920-01-01T00:00:00.000Z' },
    });
    expect(bucketFilter({ key: 'created', kind: 'dateRanges' }, 'no-such', now, 0)).toBeNull();
  });
  it('sorts by a clicked header ascending, then the other way', () => {
    expect(nextSort(DEFAULT_SETTINGS.sortBy, 'name')).toEqual([{ key: 'name', order: 'asc' }]);
    expect(nextSort([{ key: 'name', order: 'asc' }], 'name')).toEqual([{ key: 'name', order: 'desc' }]);
    expect(nextSort([{ key: 'name', order: 'desc' }], 'name')).toEqual([{ key: 'name', order: 'asc' }]);
  });
  it("asks for a type's own facets and no type facet when the type is fixed", () => {
    expect(
      resultsQuery({ ...DEFAULT_SETTINGS, itemTypeName: 'Attachment' }, now, 0).facets!.map((f) => (typeof f === 'string' ? f : f.key)),
    ).toEqual(['created', 'filetype', 'size', 'kind']);
  });
  it("narrows to the map's bounds on every shape property of the type, or of every type", () => {
    const box = [-81, 60, -80, 61] as const;
    expect(resultsQuery({ ...DEFAULT_SETTINGS, itemTypeName: 'ConsultCommunityTerritory', inView: box }, now, 0).subs).toContainEqual({
      should: [{ prop: 'geometry', kind: 'gb', value: [...box] }],
      minShould: 1,
    });
    const general = resultsQuery({ ...DEFAULT_SETTINGS, inView: box }, now, 0).subs!.at(-1)!;
    expect(general.should).toContainEqual({ prop: 'geometry', kind: 'gb', value: [...box] });
    expect(resultsQuery(DEFAULT_SETTINGS, now, 0).subs ?? []).toEqual([]);
  });
});
