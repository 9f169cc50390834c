/**
 * Model-based test of the example module's state chart: every state and every transition reached
 * with explicit callers, and the guards never let a caller take a transition that is not theirs.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { StateCaller, StateChartEvent } from '../../../src/shared/items/stateCharts';
import { journalEntryStates } from '../../support/exampleModule/journalEntryStates';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const item = { createdBy: 'User-5', ownerOrg: null, data: {} };
const callers: Record<string, StateCaller> = {
  author: { userId: 'User-5', admin: false, capabilities: {}, organizations: {} },
  researcher: { userId: 'User-6', admin: false, capabilities: { Research: true }, organizations: {} },
  stranger: { userId: 'User-7', admin: false, capabilities: {}, organizations: {} },
};
const events: StateChartEvent[] = ['entry.submit', 'entry.publish', 'entry.withdraw'].flatMap((type) =>
  Object.values(callers).map((caller) => ({ type, caller, item })),
);

describe('journalEntryStates model', () => {
  it('reaches every state and transition, each taken only by its own callers', () => {
    const report = exploreModel({
      name: 'journalEntryStates',
      machine: journalEntryStates,
      variants: [{ name: 'entry', input: () => undefined }],
      events,
      serializeState: (s: AnyMachineSnapshot) => JSON.stringify(s.value),
    });
    expectFullCoverage(report, 4);
  });

  it('moves only for the caller its guard names', () => {
    // Every edge of the traversal: which caller moved the entry from where to where.
    const moves = new Set<string>();
    for (const from of ['DRAFT', 'SUBMITTED', 'PUBLISHED', 'WITHDRAWN']) {
      const at = journalEntryStates.resolveState({ value: from, context: {} });
      for (const event of events) {
        if (!at.can(event)) continue;
        const who = Object.entries(callers).find(([, c]) => c === event.caller)![0];
        moves.add(`${from} ${event.type} by ${who}`);
      }
    }
    expect([...moves].sort()).toEqual([
      'DRAFT entry.submit by author',
      'SUBMITTED entry.publish by researcher',
      'SUBMITTED entry.withdraw by author',
    ]);
  });
});
