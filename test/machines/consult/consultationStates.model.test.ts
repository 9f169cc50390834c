/**
 * Model-based test of the consultation's chart: every state and every transition reached with
 * explicit callers and items, and each move taken only by the callers its guard names.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { consultationStates } from '../../../machines/consult/consultationStates';
import type { StateCaller, StateChartEvent, StateSubject } from '../../../src/shared/items/stateCharts';
import { applyTransition, chartEvents } from '../../../src/shared/items/stateCharts';
import { CONSULTATION_STATES } from '../../../src/modules/consult/consultRules';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const ORG = 'Organization-9';
const callers: Record<string, StateCaller> = {
  author: { userId: 'User-5', admin: false, capabilities: { ConsultSubmit: true }, organizations: {} },
  writer: { userId: 'User-6', admin: false, capabilities: {}, organizations: { [ORG]: { write: true, ConsultSubmit: true } } },
  authorWithoutSubmit: { userId: 'User-5', admin: false, capabilities: {}, organizations: {} },
  writerWithoutSubmit: { userId: 'User-6', admin: false, capabilities: {}, organizations: { [ORG]: { write: true } } },
  responder: { userId: 'User-7', admin: false, capabilities: { ConsultRespond: true }, organizations: {} },
  orgResponder: { userId: 'User-8', admin: false, capabilities: {}, organizations: { [ORG]: { ConsultRespond: true } } },
  stranger: { userId: 'User-9', admin: false, capabilities: { ConsultSubmit: true }, organizations: {} },
  admin: { userId: 'User-1', admin: true, capabilities: {}, organizations: {} },
};
const complete = {
  projectName: 'North road',
  region: 'NORTH',
  stream: 'NORMAL',
  projectType: 'TRANSPORT',
  primaryOrg: { id: ORG },
  primaryContacts: [{ id: 'Contact-1' }],
  requestedResponseDate: '2026-12-01',
  projectStartDt: '2027-01-01',
  projectDescription: '<p>A road.</p>',
  locationDescription: '<p>North of the lake.</p>',
};
const items: Record<string, StateSubject> = {
  complete: { createdBy: 'User-5', ownerOrg: ORG, data: complete },
  incomplete: { createdBy: 'User-5', ownerOrg: ORG, data: { projectName: 'North road' } },
  distributed: { createdBy: 'User-5', ownerOrg: ORG, data: { ...complete, communities: [{ id: 'Organization-3' }] } },
};
const events: StateChartEvent[] = chartEvents(consultationStates).flatMap((type) =>
  Object.values(callers).flatMap((caller) => Object.values(items).map((item) => ({ type, caller, item }))),
);
const nameOf = (e: StateChartEvent): string =>
  `${Object.entries(callers).find(([, c]) => c === e.caller)![0]}/${Object.entries(items).find(([, i]) => i === e.item)![0]}`;

describe('consultationStates model', () => {
  it('reaches every state and transition', () => {
    const report = exploreModel({
      name: 'consultationStates',
      machine: consultationStates,
      variants: [{ name: 'consultation', input: () => undefined }],
      events,
      serializeState: (s: AnyMachineSnapshot) => JSON.stringify(s.value),
    });
    expectFullCoverage(report, CONSULTATION_STATES.length);
  });

  it('moves only for the callers and items its guards name', () => {
    const moves = new Map<string, Set<string>>();
    for (const from of CONSULTATION_STATES) {
      const at = consultationStates.resolveState({ value: from, context: {} });
      for (const event of events) {
        if (!at.can(event)) continue;
        const key = `${from} ${event.type}`;
        moves.set(key, (moves.get(key) ?? new Set()).add(nameOf(event).split('/')[0]!));
      }
    }
    const who = Object.fromEntries([...moves].map(([k, v]) => [k, [...v].sort().join(' ')]));
    const proponents = 'admin author writer';
    const responders = 'admin responder';
    expect(who).toEqual({
      'DRAFT consultation.submit': proponents,
      'INCOMPLETE consultation.submit': proponents,
      'INCOMPLETE consultation.withdraw': proponents,
      'SUBMITTED consultation.assign': responders,
      'SUBMITTED consultation.withdraw': proponents,
      'REVIEW consultation.unassign': responders,
      'REVIEW consultation.return': responders,
      'REVIEW consultation.distribute': responders,
      'REVIEW consultation.withdraw': proponents,
      'CONSULTING consultation.respond': responders,
      'CONSULTING consultation.close': responders,
      'CONSULTING consultation.withdraw': proponents,
      'RESPONDED consultation.reopen': responders,
      'RESPONDED consultation.close': responders,
    });
  });

  it('sends a submission found wanting to INCOMPLETE, and takes it again only once complete', () => {
    const submit = (from: string, item: StateSubject) =>
      consultationStates.resolveState({ value: from, context: {} }).can({ type: 'consultation.submit', caller: callers.author!, item });
    const to = (from: string, item: StateSubject) => {
      const moved = applyTransition(consultationStates, from, { type: 'consultation.submit', caller: callers.author!, item });
      return moved.ok ? moved.to : moved.reason;
    };
    expect(to('DRAFT', items.incomplete!)).toBe('INCOMPLETE');
    expect(to('DRAFT', items.complete!)).toBe('SUBMITTED');
    expect(submit('INCOMPLETE', items.incomplete!)).toBe(false);
    expect(to('INCOMPLETE', items.complete!)).toBe('SUBMITTED');
  });

  it('starts consulting only once distributed to a community', () => {
    const at = consultationStates.resolveState({ value: 'REVIEW', context: {} });
    expect(at.can({ type: 'consultation.distribute', caller: callers.responder!, item: items.complete! })).toBe(false);
    expect(at.can({ type: 'consultation.distribute', caller: callers.responder!, item: items.distributed! })).toBe(true);
  });
});
