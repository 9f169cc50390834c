import { createActor, createMachine, fromCallback, SimulatedClock, spawnChild, type ActorRefFrom, type AnyEventObject } from 'xstate';
import {
  listQuery,
  savedSearchBody,
  savedSearchesMachine,
  selectSavedSearches,
  selectSavedSearchesBusy,
  selectSavedSearchesLoading,
  toSavedSearch,
  type SavedSearchSettings,
} from '../../../machines/search/savedSearchesMachine';
import { SystemId } from '../../../machines/systemIds';
import { fakeConnection, type FakeConnectionRef, fakeUserAuth, settled } from '../router/support/sessionFakes';
import { buildUser } from '../session/support/fakes';

const settings: SavedSearchSettings = {
  criteria: { filters: [{ prop: 'type', kind: 'ft', value: 'Letter' }] },
  searchString: 'river',
  itemTypeName: null,
  selectedFacets: { _: ['CommLog'] },
  sortBy: [{ key: 'created', order: 'desc' }],
  displayAs: 'CARDS',
  showFacets: true,
};

describe('saved searches data', () => {
  it('writes every setting into the item, leaving out a missing item type', () => {
    expect(savedSearchBody('Rivers', settings)).toEqual({
      name: 'Rivers',
      criteria: settings.criteria,
      searchString: 'river',
      selectedFacets: { _: ['CommLog'] },
      sortBy: [{ key: 'created', order: 'desc' }],
      displayAs: 'CARDS',
      showFacets: true,
    });
    expect(savedSearchBody('Letters', { ...settings, itemTypeName: 'CommLog' })).toMatchObject({ itemTypeName: 'CommLog' });
  });

  it('reads the item back into the same settings', () => {
    const item = { $id: 'SavedSearch-4', _t: 'SavedSearch', _u: 3, ...savedSearchBody('Rivers', settings) };
    expect(toSavedSearch(item)).toEqual({ id: 'SavedSearch-4', name: 'Rivers', u: 3, settings });
  });

  it('fills what an item leaves out with the defaults, and refuses what is not a saved search', () => {
    expect(
      toSavedSearch({
        $id: 'SavedSearch-1',
        _t: 'SavedSearch',
        _u: 0,
        name: 'Bare',
        displayAs: 'HOLOGRAM',
        selectedFacets: { x: 'not a list' },
      })?.settings,
    ).toEqual({
      criteria: {},
      searchString: '',
      itemTypeName: null,
      selectedFacets: {},
      sortBy: [],
      displayAs: 'LIST',
      showFacets: true,
    });
    expect(toSavedSearch({ $id: 'Contact-1', _t: 'Contact' })).toBeNull();
    expect(toSavedSearch(null)).toBeNull();
  });

  it("asks for the user's own saved searches by name", () => {
    expect(listQuery('User-7')).toEqual({
      must: [
        { prop: '', kind: '_', value: 'SavedSearch' },
        { prop: 'createdBy', kind: 'ft', value: 'User-7' },
      ],
      sort: [{ key: 'label', order: 'asc' }],
      max: 200,
    });
  });
});

const item = (i: number, name: string, u = 1) => ({
  $id: `SavedSearch-${i}`,
  _t: 'SavedSearch',
  _u: u,
  ...savedSearchBody(name, settings),
});

function start() {
  const alerts: AnyEventObject[] = [];
  const recorder = fromCallback<AnyEventObject>(({ receive }) => receive((event) => alerts.push(event)));
  const root = createMachine({
    entry: [
      spawnChild(recorder, { id: SystemId.alerts, systemId: SystemId.alerts }),
      spawnChild(fakeUserAuth, { id: SystemId.auth, systemId: SystemId.auth }),
      spawnChild(fakeConnection, { id: SystemId.connection, systemId: SystemId.connection }),
      spawnChild(savedSearchesMachine, { id: 'savedSearches' }),
    ],
  });
  const actor = createActor(root, { clock: new SimulatedClock() }).start();
  const children = actor.getSnapshot().children;
  const auth = children[SystemId.auth] as ActorRefFrom<typeof fakeUserAuth>;
  const connection = children[SystemId.connection] as FakeConnectionRef;
  const saved = children['savedSearches'] as ActorRefFrom<typeof savedSearchesMachine>;
  const frames = () => connection.getSnapshot().context.sent.map((request) => request.frame);
  /** Answers request number `index` (by default the last), then lets its operation actor settle. */
  const answer = async (b: unknown, { index, erred }: { index?: number; erred?: boolean } = {}): Promise<void> => {
    connection.send({ type: 'fake.reply', index: index ?? frames().length - 1, b, erred });
    await settled();
  };
  const signIn = (): void => auth.send({ type: 'fake.signedIn', user: buildUser({ $id: 'User-1' }) });
  const names = () => selectSavedSearches(saved.getSnapshot()).map((s) => s.name);
  /** Signs in and lists these saved searches. */
  const load = async (items: ReturnType<typeof item>[]): Promise<void> => {
    signIn();
    saved.send({ type: 'savedSearches.listWanted' });
    await answer({ ids: items.map((i) => i.$id) });
    await answer(Object.fromEntries(items.map((i) => [i.$id, i])));
  };
  return { auth, saved, alerts, frames, answer, signIn, names, load, busy: () => selectSavedSearchesBusy(saved.getSnapshot()) };
}

describe('savedSearchesMachine', () => {
  it("asks nothing at sign-in; once shown, searches the user's own and reads them, by name", async () => {
    const t = start();
    t.signIn();
    expect(t.frames()).toEqual([]);
    t.saved.send({ type: 'savedSearches.listWanted' });
    expect(selectSavedSearchesLoading(t.saved.getSnapshot())).toBe(true);
    expect(t.frames()).toEqual([{ o: 'search/ids', b: listQuery('User-1') }]);
    await t.answer({ ids: ['SavedSearch-2', 'SavedSearch-1'] });
    expect(t.frames().at(-1)).toEqual({ o: 'readMany/object', b: ['SavedSearch-2', 'SavedSearch-1'] });
    await t.answer({ 'SavedSearch-2': item(2, 'Rivers'), 'SavedSearch-1': item(1, 'Letters') });
    expect(selectSavedSearchesLoading(t.saved.getSnapshot())).toBe(false);
    expect(t.names()).toEqual(['Letters', 'Rivers']);
  });

  it('shows an empty list, without an alert, when there are none or the list cannot be had', async () => {
    const t = start();
    await t.load([]);
    expect(t.frames()).toHaveLength(1);
    expect(t.names()).toEqual([]);
    t.saved.send({ type: 'savedSearches.listWanted' });
    await t.answer({ userMessage: 'generalFailure' }, { erred: true });
    expect(t.saved.getSnapshot().value).toEqual({ SIGNED_IN: 'READY' });
    expect(t.alerts).toEqual([]);
  });

  it('saves, renames and deletes, several at once, busy until each is answered', async () => {
    const t = start();
    await t.load([item(1, 'Letters', 3), item(2, 'Rivers')]);
    t.saved.send({ type: 'savedSearches.saveRequested', name: ' Ports ', settings });
    t.saved.send({ type: 'savedSearches.renameRequested', id: 'SavedSearch-1', name: 'Mail' });
    t.saved.send({ type: 'savedSearches.deleteRequested', id: 'SavedSearch-2' });
    expect(t.frames().slice(-3)).toEqual([
      { o: 'create/SavedSearch', b: savedSearchBody('Ports', settings) },
      { o: 'update', b: { $id: 'SavedSearch-1', _u: 3, name: 'Mail' } },
      { o: 'delete/SavedSearch-2', b: { _u: 1 } },
    ]);
    expect(t.busy()).toBe(true);
    await t.answer(null, { index: 4 });
    expect(t.names()).toEqual(['Letters']);
    await t.answer(item(1, 'Mail', 4), { index: 3 });
    expect(t.names()).toEqual(['Mail']);
    expect(t.busy()).toBe(true);
    await t.answer(item(3, 'Ports'), { index: 2 });
    expect(t.names()).toEqual(['Mail', 'Ports']);
    expect(t.busy()).toBe(false);
  });

  it('tells a refused change and keeps the list', async () => {
    const t = start();
    await t.load([item(1, 'Letters')]);
    t.saved.send({ type: 'savedSearches.renameRequested', id: 'SavedSearch-1', name: 'Mail' });
    await t.answer({ userMessage: 'staleUpdate' }, { erred: true });
    expect(t.alerts).toEqual([{ type: 'alerts.raised', alert: { type: 'ERROR', message: 'errors.staleUpdate' } }]);
    expect(t.names()).toEqual(['Letters']);
    expect(t.busy()).toBe(false);
  });

  it('stops the changes under way at sign-out: their late answers change nothing', async () => {
    const t = start();
    await t.load([item(1, 'Letters')]);
    t.saved.send({ type: 'savedSearches.saveRequested', name: 'Ports', settings });
    t.auth.send({ type: 'fake.signedOut' });
    expect(t.busy()).toBe(false);
    expect(Object.keys(t.saved.getSnapshot().children).filter((id) => id.startsWith('save.'))).toEqual([]);
    t.signIn();
    await t.answer(item(3, 'Ports'), { index: 2 });
    expect(t.names()).toEqual([]);
  });
});
