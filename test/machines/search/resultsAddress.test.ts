import { assign, createMachine, type ActorRefFrom } from 'xstate';
import { resultsParams, sameAsParams, settingsFromParams } from '../../../machines/search/resultsAddress';
import { searchResultsMachine } from '../../../machines/search/searchResultsMachine';
import { selectResultsPhase, selectResultsSettings } from '../../../machines/search/searchResultsSelectors';
import { DEFAULT_SETTINGS, type ResultsSettings } from '../../../machines/search/searchResultsQuery';
import { ALL_ITEMS_SETTINGS } from '../../../machines/router/resultsViews';
import { SystemId } from '../../../machines/systemIds';
import type { SearchQuery } from '../../../src/shared/search/SearchQuery';
import { settled, startInSession } from '../router/support/sessionFakes';

const settings = (over: Partial<ResultsSettings>): ResultsSettings => ({ ...DEFAULT_SETTINGS, ...over });

describe('results settings in the address (issue 16, problem 5)', () => {
  it('names chosen buckets by the key prefixes, sort with - for descending, display in lower case; the start is left out', () => {
    expect(resultsParams(DEFAULT_SETTINGS)).toEqual([]);
    const chosen = settings({
      selectedFacets: { _: ['Contact'], created: ['LAST_WEEK', 'TODAY'] },
      sortBy: [{ key: 'name', order: 'asc' }],
      displayAs: 'TABLE',
      showFacets: false,
    });
    expect(resultsParams(chosen)).toEqual([
      ['_', 'Contact'],
      ['dr-created', 'LAST_WEEK'],
      ['dr-created', 'TODAY'],
      ['sort', 'name'],
      ['display', 'table'],
      ['facets', 'hidden'],
    ]);
    expect(resultsParams(settings({ sortBy: [{ key: 'created', order: 'asc' }] }))).toEqual([['sort', 'created']]);
    // A type's own facets are terms (ft-): an organisation's type.
    expect(resultsParams(settings({ selectedFacets: { _: ['Organization'], type: ['COMMUNITY'] } }))).toContainEqual([
      'ft-type',
      'COMMUNITY',
    ]);
  });

  it('reads back what it wrote, against the view it starts from', () => {
    const chosen = settings({ selectedFacets: { _: ['Organization'], type: ['COMMUNITY'] }, sortBy: [{ key: 'created', order: 'desc' }] });
    expect(settingsFromParams(resultsParams(chosen))).toEqual({
      selectedFacets: chosen.selectedFacets,
      sortBy: chosen.sortBy,
      displayAs: 'LIST',
      showFacets: true,
      inView: null,
    });
    // admin.all-items starts as a table: a list is what the address must say, and no display keeps the table.
    expect(resultsParams(settings({ ...ALL_ITEMS_SETTINGS, displayAs: 'LIST' }), ALL_ITEMS_SETTINGS)).toEqual([['display', 'list']]);
    expect(settingsFromParams([], ALL_ITEMS_SETTINGS).displayAs).toBe('TABLE');
  });

  it('leaves out what it does not understand: facets not offered, bad sort keys, unknown displays and names', () => {
    expect(
      settingsFromParams([
        ['ft-type', 'COMMUNITY'],
        ['sort', "x'; drop"],
        ['display', 'hologram'],
        ['zz', '1'],
        ['_', 'Contact'],
        ['_', 'Contact'],
      ]),
    ).toEqual({ selectedFacets: { _: ['Contact'] }, sortBy: DEFAULT_SETTINGS.sortBy, displayAs: 'LIST', showFacets: true, inView: null });
  });

  it("keeps the map's bounds filter as west, south, east and north to 5 decimals, and reads back only a rectangle", () => {
    const inView = [-124.123456789, 48.2, -122, 49.87654321] as const;
    const params = resultsParams(settings({ displayAs: 'MAP', inView }));
    expect(params).toEqual([
      ['display', 'map'],
      ['gb', '-124.12346,48.2,-122,49.87654'],
    ]);
    expect(settingsFromParams(params).inView).toEqual([-124.12346, 48.2, -122, 49.87654]);
    for (const bad of ['-122,48,-124,49', '1,2,3', '1,2,3,x', '', '1,,2,3']) expect(settingsFromParams([['gb', bad]]).inView).toBeNull();
  });

  it('knows when the address already says what the results show, whatever the order of the buckets', () => {
    const shown = settings({ selectedFacets: { created: ['TODAY', 'LAST_WEEK'] } });
    expect(
      sameAsParams(shown, [
        ['dr-created', 'TODAY'],
        ['dr-created', 'LAST_WEEK'],
      ]),
    ).toBe(true);
    expect(sameAsParams(shown, [])).toBe(false);
  });
});

// A router that records the column parameters it is asked to set.
const fakeRouter = createMachine({
  types: {} as { events: { type: 'router.columnParamsSet'; key: string; params: ReadonlyArray<readonly [string, string]> } },
  context: { set: [] as string[] },
  on: {
    'router.columnParamsSet': {
      actions: assign(({ context, event }) => ({
        set: [...context.set, `${event.key}:${new URLSearchParams(event.params.map(([k, v]) => [k, v])).toString()}`],
      })),
    },
  },
});

function start(address: Partial<ResultsSettings> | null) {
  const h = startInSession(searchResultsMachine, {
    systemId: 'results',
    input: { cellKey: 'v-search', settings: {}, address, now: () => 0, tzOffset: 0 },
    signedIn: true,
    extra: { [SystemId.router]: fakeRouter },
  });
  const router = h.extra(SystemId.router) as ActorRefFrom<typeof fakeRouter>;
  return {
    ...h,
    set: () => router.getSnapshot().context.set,
    searches: () =>
      h
        .sent()
        .filter((f) => f.o === 'search/ids')
        .map((f) => f.b as SearchQuery),
  };
}

describe('searchResultsMachine and the address', () => {
  it('writes every change of facets, sort and display to its column in the address', async () => {
    const t = start({});
    t.subject.send({ type: 'results.facetToggled', facet: '_', bucket: 'Contact' });
    t.subject.send({ type: 'results.sortClicked', key: 'name' });
    t.subject.send({ type: 'results.displaySet', displayAs: 'CARDS' });
    await settled();
    expect(t.set()).toEqual(['v-search:_=Contact', 'v-search:_=Contact&sort=name', 'v-search:_=Contact&sort=name&display=cards']);
  });

  it('results that do not follow the address never write to it', async () => {
    const t = start(null);
    t.subject.send({ type: 'results.facetToggled', facet: '_', bucket: 'Contact' });
    await settled();
    expect(t.set()).toEqual([]);
  });

  it('follows the address: its own change asks nothing, a display only shows, a narrowing asks again', async () => {
    const t = start({});
    t.reply({ ids: [], labels: {}, total: 0, facets: {} });
    await settled();
    t.subject.send({ type: 'results.facetToggled', facet: '_', bucket: 'Contact' });
    await settled();
    expect(t.searches()).toHaveLength(2);
    // The address the results just wrote comes back: nothing new to ask.
    t.subject.send({ type: 'results.addressChanged', params: [['_', 'Contact']] });
    t.subject.send({
      type: 'results.addressChanged',
      params: [
        ['_', 'Contact'],
        ['display', 'table'],
      ],
    });
    await settled();
    expect(t.searches()).toHaveLength(2);
    expect(selectResultsSettings(t.subject.getSnapshot()).displayAs).toBe('TABLE');
    // Back to a bookmark with another type: asked again, narrowed by it.
    t.subject.send({ type: 'results.addressChanged', params: [['_', 'Organization']] });
    await settled();
    expect(t.searches()).toHaveLength(3);
    expect(t.searches()[2]!.subs).toEqual([{ should: [{ prop: '', kind: '_', value: 'Organization' }], facet: '_' }]);
    expect(selectResultsPhase(t.subject.getSnapshot())).toBe('LOADING');
  });

  it("asks again when the map's bounds filter is set or the address moves it, and writes it to the address", async () => {
    const t = start({});
    t.reply({ ids: [], labels: {}, total: 0, facets: {} });
    await settled();
    t.subject.send({ type: 'results.applied', settings: { displayAs: 'MAP', inView: [-81, 60, -80, 61] } });
    await settled();
    expect(t.searches()).toHaveLength(2);
    expect(t.set().at(-1)).toBe('v-search:display=map&gb=-81%2C60%2C-80%2C61');
    t.subject.send({
      type: 'results.addressChanged',
      params: [
        ['display', 'map'],
        ['gb', '-81,60,-80,61'],
      ],
    });
    await settled();
    expect(t.searches()).toHaveLength(2);
    t.subject.send({
      type: 'results.addressChanged',
      params: [
        ['display', 'map'],
        ['gb', '-90,50,-85,55'],
      ],
    });
    await settled();
    expect(t.searches()).toHaveLength(3);
    expect(t.searches()[2]!.subs).toContainEqual({
      should: expect.arrayContaining([{ prop: 'geometry', kind: 'gb', value: [-90, 50, -85, 55] }]),
      minShould: 1,
    });
  });
});
