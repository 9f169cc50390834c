/**
 * Model-based test of a response letter's chart: every state and transition reached with explicit
 * callers, the proposer never approving or sending back their own letter, nobody moving it unsigned.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { letterStates } from '../../../machines/letters/letterStates';
import { LETTER_STATES } from '../../../src/modules/letters/letterRules';
import { chartEvents, type StateCaller, type StateChartEvent } from '../../../src/shared/items/stateCharts';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const COMMUNITY = 'Organization-3';
const callers: Record<string, StateCaller | null> = {
  proposer: { userId: 'User-5', admin: false, capabilities: {}, organizations: { [COMMUNITY]: { ConsultRespond: true } } },
  approver: { userId: 'User-6', admin: false, capabilities: {}, organizations: { [COMMUNITY]: { write: true } } },
  admin: { userId: 'User-1', admin: true, capabilities: {}, organizations: {} },
  nobody: null,
};
// The letter as the server holds it under review: proposed by User-5 (the guards read who proposed it).
const item = { createdBy: 'User-5', ownerOrg: COMMUNITY, data: { proposedBy: { id: 'User-5' } } };
const events: StateChartEvent[] = chartEvents(letterStates).flatMap((type) =>
  Object.values(callers).map((caller) => ({ type, caller, item })),
);
const nameOf = (caller: StateCaller | null) => Object.entries(callers).find(([, c]) => c === caller)![0];

describe('letterStates model', () => {
  it('reaches every state and transition', () => {
    const report = exploreModel({
      name: 'letterStates',
      machine: letterStates,
      variants: [{ name: 'letter', input: () => undefined }],
      events,
      serializeState: (s: AnyMachineSnapshot) => JSON.stringify(s.value),
    });
    expectFullCoverage(report, LETTER_STATES.length);
  });

  it('lets another person approve or send back, the proposer take back, and nobody unsigned move it', () => {
    const moves = new Set<string>();
    for (const from of LETTER_STATES) {
      const at = letterStates.resolveState({ value: from, context: {} });
      for (const event of events) if (at.can(event)) moves.add(`${from} ${event.type} ${nameOf(event.caller)}`);
    }
    expect([...moves].sort()).toEqual([
      'APPROVED letter.send admin',
      'APPROVED letter.send approver',
      'APPROVED letter.send proposer',
      'DRAFT letter.propose admin',
      'DRAFT letter.propose approver',
      'DRAFT letter.propose proposer',
      'PROPOSED letter.approve admin',
      'PROPOSED letter.approve approver',
      'PROPOSED letter.sendBack admin',
      'PROPOSED letter.sendBack approver',
      'PROPOSED letter.withdraw proposer',
      'SENT_BACK letter.propose admin',
      'SENT_BACK letter.propose approver',
      'SENT_BACK letter.propose proposer',
    ]);
  });

  it('never lets an administrator approve a letter they proposed', () => {
    const mine = { ...item, data: { proposedBy: { id: 'User-1' } } };
    const at = letterStates.resolveState({ value: 'PROPOSED', context: {} });
    expect(at.can({ type: 'letter.approve', caller: callers.admin!, item: mine })).toBe(false);
  });
});
