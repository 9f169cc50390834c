/**
 * Model-based test of the spatial chart (collections and places): every state and transition reached
 * with explicit callers, each move taken only by those who keep the item — its author, a writer for
 * its owner organisation, an administrator — never by a mere member or a stranger.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { spatialStates } from '../../../machines/spatial/spatialStates';
import type { StateCaller, StateChartEvent } from '../../../src/shared/items/stateCharts';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const item = { createdBy: 'User-5', ownerOrg: 'Organization-3', data: {} };
const callers: Record<string, StateCaller> = {
  author: { userId: 'User-5', admin: false, capabilities: {}, organizations: {} },
  writer: { userId: 'User-6', admin: false, capabilities: {}, organizations: { 'Organization-3': { write: true } } },
  admin: { userId: 'User-1', admin: true, capabilities: {}, organizations: {} },
  member: { userId: 'User-7', admin: false, capabilities: { Spatial: true }, organizations: { 'Organization-3': { Spatial: true } } },
  otherWriter: { userId: 'User-8', admin: false, capabilities: {}, organizations: { 'Organization-4': { write: true } } },
};
const events: StateChartEvent[] = ['spatial.activate', 'spatial.draft', 'spatial.archive'].flatMap((type) =>
  Object.values(callers).map((caller) => ({ type, caller, item })),
);

describe('spatialStates model', () => {
  it('starts ACTIVE and reaches every state and transition', () => {
    expect(spatialStates.getInitialSnapshot(null as never).value).toBe('ACTIVE');
    const report = exploreModel({
      name: 'spatialStates',
      machine: spatialStates,
      variants: [{ name: 'place', input: () => undefined }],
      events,
      serializeState: (s: AnyMachineSnapshot) => JSON.stringify(s.value),
    });
    expectFullCoverage(report, 3);
  });

  it('moves only for its keepers', () => {
    const moves = new Set<string>();
    for (const from of ['DRAFT', 'ACTIVE', 'ARCHIVED']) {
      const at = spatialStates.resolveState({ value: from, context: {} });
      for (const event of events) {
        if (!at.can(event)) continue;
        const who = Object.entries(callers).find(([, c]) => c === event.caller)![0];
        moves.add(`${from} ${event.type} by ${who}`);
      }
    }
    const by = (move: string) => ['admin', 'author', 'writer'].map((who) => `${move} by ${who}`);
    expect([...moves].sort()).toEqual(
      [
        ...by('ACTIVE spatial.archive'),
        ...by('ACTIVE spatial.draft'),
        ...by('ARCHIVED spatial.activate'),
        ...by('DRAFT spatial.activate'),
        ...by('DRAFT spatial.archive'),
      ].sort(),
    );
  });
});
