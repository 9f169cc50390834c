import { savedSearchesMachine } from '../../../machines/search/savedSearchesMachine';
import { buildUser } from '../session/support/fakes';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const done = (actorId: string, output: unknown) => ({ type: `xstate.done.actor.${actorId}`, actorId, output });
const failed = (actorId: string) => ({
  type: `xstate.error.actor.${actorId}`,
  actorId,
  error: { kind: 'server', userMessage: 'generalFailure' },
});
const item = { _t: 'SavedSearch', $id: 'SavedSearch-1', name: 'Mine', _u: 1 };
const settings = {
  criteria: {},
  searchString: 'x',
  itemTypeName: null,
  selectedFacets: {},
  sortBy: [],
  displayAs: 'LIST' as const,
  showFacets: true,
};

test('model: every state and transition of the saved searches actor', () => {
  const report = exploreModel({
    name: 'savedSearchesMachine',
    machine: savedSearchesMachine,
    variants: [{ name: 'default', input: () => undefined as never }],
    events: [
      { type: 'session.userChanged', user: buildUser({ $id: 'User-1' }) },
      { type: 'session.userChanged', user: null },
      { type: 'savedSearches.saveRequested', name: 'Mine', settings },
      { type: 'savedSearches.renameRequested', id: 'SavedSearch-1', name: 'Ours' },
      { type: 'savedSearches.deleteRequested', id: 'SavedSearch-1' },
      { type: 'savedSearches.listWanted' },
      { type: 'savedSearches.opened', id: 'SavedSearch-1' },
      { type: 'savedSearches.applied' },
      // The list's invoked requests, then the spawned operations (`<kind>.<n>.<id>`).
      done('list', { ids: ['SavedSearch-1'] }),
      done('list', { ids: [] }),
      failed('list'),
      done('read', { 'SavedSearch-1': item }),
      failed('read'),
      done('save.1.', item),
      failed('save.1.'),
      done('rename.2.SavedSearch-1', { ...item, name: 'Ours' }),
      failed('rename.2.SavedSearch-1'),
      done('delete.3.SavedSearch-1', item),
      failed('delete.3.SavedSearch-1'),
    ],
    // The state, who is signed in, how many are listed and whether an operation is under way (not how many: they are numbered).
    serializeState: (snapshot) => {
      const c = snapshot.context as { userId: string | null; list: unknown[]; toApply: unknown; busy: string[] };
      return JSON.stringify([snapshot.value, c.userId, c.list.length, c.toApply !== null, c.busy.length > 0]);
    },
  });
  expectFullCoverage(report, 7);
});
