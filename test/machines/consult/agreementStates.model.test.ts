/** Model-based test of an agreement's chart: every state and transition, each taken only by whoever keeps the agreement. */
import type { AnyMachineSnapshot } from 'xstate';
import { agreementStates } from '../../../machines/consult/agreementStates';
import { AGREEMENT_STATES } from '../../../src/modules/consult/consultRules';
import { chartEvents, type StateCaller, type StateChartEvent } from '../../../src/shared/items/stateCharts';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const ORG = 'Organization-9';
const callers: Record<string, StateCaller> = {
  author: { userId: 'User-5', admin: false, capabilities: {}, organizations: {} },
  writer: { userId: 'User-6', admin: false, capabilities: {}, organizations: { [ORG]: { write: true } } },
  member: { userId: 'User-7', admin: false, capabilities: {}, organizations: { [ORG]: {} } },
  admin: { userId: 'User-1', admin: true, capabilities: {}, organizations: {} },
};
const item = { createdBy: 'User-5', ownerOrg: ORG, data: {} };
const events: StateChartEvent[] = chartEvents(agreementStates).flatMap((type) =>
  Object.values(callers).map((caller) => ({ type, caller, item })),
);

describe('agreementStates model', () => {
  it('reaches every state and transition', () => {
    const report = exploreModel({
      name: 'agreementStates',
      machine: agreementStates,
      variants: [{ name: 'agreement', input: () => undefined }],
      events,
      serializeState: (s: AnyMachineSnapshot) => JSON.stringify(s.value),
    });
    expectFullCoverage(report, AGREEMENT_STATES.length);
  });

  it("is moved by its author, its organisation's writers and administrators only", () => {
    const movers = new Set<string>();
    for (const from of AGREEMENT_STATES) {
      const at = agreementStates.resolveState({ value: from, context: {} });
      for (const event of events) if (at.can(event)) movers.add(Object.entries(callers).find(([, c]) => c === event.caller)![0]);
    }
    expect([...movers].sort()).toEqual(['admin', 'author', 'writer']);
  });
});
