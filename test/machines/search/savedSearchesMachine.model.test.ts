import { assign } from 'xstate';
import { savedSearchesMachine } from '../../../machines/search/savedSearchesMachine';
import { buildUser } from '../session/support/fakes';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const OP = 'savedSearches:op:1';
const replied = (ticket: string, b: unknown, o = 'act') => ({ type: 'connection.replied', ticket, o, frame: { o, b } });
const failed = (ticket: string) => ({
  type: 'connection.failed',
  ticket,
  o: 'act',
  failure: { kind: 'server', userMessage: 'generalFailure' },
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

// Without a connection in the model's system the real sendOp sends nothing and marks nothing busy:
// this one marks one operation under way (its ticket fixed, so the graph stays finite).
const machine = savedSearchesMachine.provide({ actions: { sendOp: assign({ busy: [OP] }) } });

test('model: every state and transition of the saved searches actor', () => {
  const report = exploreModel({
    name: 'savedSearchesMachine',
    machine,
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
      replied('savedSearches:list', { ids: ['SavedSearch-1'] }),
      replied('savedSearches:list', { ids: [] }),
      replied('savedSearches:read', { 'SavedSearch-1': item }),
      failed('savedSearches:list'),
      replied(OP, item, 'create/SavedSearch'),
      failed(OP),
      replied('other', null),
    ],
    // The state, who is signed in, how many are listed and whether an operation is under way.
    serializeState: (snapshot) => {
      const c = snapshot.context as { userId: string | null; list: unknown[]; toApply: unknown; busy: string[] };
      return JSON.stringify([snapshot.value, c.userId, c.list.length, c.toApply !== null, c.busy.length]);
    },
  });
  expectFullCoverage(report, 5);
});
