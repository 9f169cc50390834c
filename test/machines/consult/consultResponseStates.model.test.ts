/**
 * Model-based test of a community response's chart: every state and transition reached with explicit
 * callers, and each move taken only by those who answer for the community.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { consultResponseStates } from '../../../machines/consult/consultResponseStates';
import { RESPONSE_STATES } from '../../../src/modules/consult/consultRules';
import { chartEvents, type StateCaller, type StateChartEvent } from '../../../src/shared/items/stateCharts';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const COMMUNITY = 'Organization-3';
const callers: Record<string, StateCaller> = {
  communityResponder: { userId: 'User-5', admin: false, capabilities: {}, organizations: { [COMMUNITY]: { ConsultRespond: true } } },
  communityWriter: { userId: 'User-6', admin: false, capabilities: {}, organizations: { [COMMUNITY]: { write: true } } },
  member: { userId: 'User-7', admin: false, capabilities: {}, organizations: { [COMMUNITY]: {} } },
  otherCommunity: {
    userId: 'User-8',
    admin: false,
    capabilities: {},
    organizations: { 'Organization-4': { ConsultRespond: true, write: true } },
  },
  siteResponder: { userId: 'User-9', admin: false, capabilities: { ConsultRespond: true }, organizations: {} },
  admin: { userId: 'User-1', admin: true, capabilities: {}, organizations: {} },
};
const item = { createdBy: 'User-9', ownerOrg: COMMUNITY, data: {} };
const events: StateChartEvent[] = chartEvents(consultResponseStates).flatMap((type) =>
  Object.values(callers).map((caller) => ({ type, caller, item })),
);

describe('consultResponseStates model', () => {
  it('reaches every state and transition', () => {
    const report = exploreModel({
      name: 'consultResponseStates',
      machine: consultResponseStates,
      variants: [{ name: 'response', input: () => undefined }],
      events,
      serializeState: (s: AnyMachineSnapshot) => JSON.stringify(s.value),
    });
    expectFullCoverage(report, RESPONSE_STATES.length);
  });

  it('moves only for those who answer for the community', () => {
    const movers = new Set<string>();
    const moves = new Set<string>();
    for (const from of RESPONSE_STATES) {
      const at = consultResponseStates.resolveState({ value: from, context: {} });
      for (const event of events) {
        if (!at.can(event)) continue;
        movers.add(Object.entries(callers).find(([, c]) => c === event.caller)![0]);
        moves.add(`${from} ${event.type}`);
      }
    }
    expect([...movers].sort()).toEqual(['admin', 'communityResponder', 'communityWriter', 'siteResponder']);
    expect([...moves].sort()).toEqual([
      'DRAFT response.decline',
      'DRAFT response.offline',
      'DRAFT response.select',
      'NOT_SELECTED response.reopen',
      'NO_RESPONSE response.reopen',
      'OFFLINE response.reopen',
      'PENDING response.decline',
      'PENDING response.noResponse',
      'PENDING response.offline',
      'PENDING response.respond',
      'RESPONDED response.reopen',
    ]);
  });
});
