/**
 * Model-based test of a workflow step's chart: every state and transition (the forced ones and the
 * snapshot's pass-through among them) reached with explicit callers and steps, and each move taken
 * only by those the rules name.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { RESPONDER_WORKFLOW, type StepCaller, type StepChartEvent, type StepSubject } from '../../../machines/workflow/stepGuards';
import { forceEvent, stepStates } from '../../../machines/workflow/stepStates';
import { chartEvents } from '../../../src/shared/items/stateCharts';
import { applyTransition } from '../../../src/shared/items/stateCharts';
import { STEP_STATES } from '../../../src/shared/workflow/StepKindDef';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const COMMUNITY = 'Organization-3';
const callers: Record<string, StepCaller | null> = {
  system: null,
  assignee: { userId: 'User-5', contactId: 'Contact-5', admin: false, capabilities: {}, organizations: { [COMMUNITY]: {} } },
  communityRunner: {
    userId: 'User-6',
    contactId: 'Contact-6',
    admin: false,
    capabilities: {},
    organizations: { [COMMUNITY]: { [RESPONDER_WORKFLOW]: true } },
  },
  siteRunner: { userId: 'User-7', contactId: null, admin: false, capabilities: { WorkflowAdmin: true }, organizations: {} },
  member: { userId: 'User-8', contactId: 'Contact-8', admin: false, capabilities: {}, organizations: { [COMMUNITY]: { write: true } } },
  otherRunner: {
    userId: 'User-9',
    contactId: 'Contact-9',
    admin: false,
    capabilities: {},
    organizations: { 'Organization-4': { [RESPONDER_WORKFLOW]: true } },
  },
  admin: { userId: 'User-1', contactId: null, admin: true, capabilities: {}, organizations: {} },
};
const item = { createdBy: 'User-1', ownerOrg: COMMUNITY, data: {} };
const simple: StepSubject = { kind: 'RWF_SIMPLE', assignee: 'Contact-5', passThrough: false };
const snapshot: StepSubject = { kind: 'RWF_SNAPSHOT', assignee: null, passThrough: true };
const eventsFor = (step: StepSubject): StepChartEvent[] =>
  chartEvents(stepStates).flatMap((type) => Object.values(callers).map((caller) => ({ type, caller, item, step })));
const events = [...eventsFor(simple), ...eventsFor(snapshot)];
const nameOf = (caller: StepCaller | null): string => Object.entries(callers).find(([, c]) => c === caller)![0];

describe('stepStates model', () => {
  it('reaches every state and transition', () => {
    const report = exploreModel({
      name: 'stepStates',
      machine: stepStates,
      variants: [{ name: 'step', input: () => undefined }],
      events,
      serializeState: (s: AnyMachineSnapshot) => JSON.stringify(s.value),
    });
    expectFullCoverage(report, STEP_STATES.length);
  });

  it('lets each move be taken only by those the rules name', () => {
    const who = new Map<string, Set<string>>();
    for (const from of STEP_STATES) {
      const at = stepStates.resolveState({ value: from, context: undefined });
      for (const event of eventsFor(simple)) {
        if (!at.can(event)) continue;
        const move = `${from} ${event.type.startsWith('step.force.') ? 'step.force' : event.type}`;
        who.set(move, (who.get(move) ?? new Set()).add(nameOf(event.caller)));
      }
    }
    const runners = ['admin', 'communityRunner', 'siteRunner'];
    const expected: Record<string, string[]> = {
      'BLANK step.open': ['system', ...runners],
      'BLANK step.skip': runners,
      'PENDING step.start': ['assignee', ...runners],
      'PENDING step.skip': runners,
      'ACTIVE step.complete': ['assignee', ...runners],
      'ACTIVE step.stop': ['assignee', ...runners],
      'ACTIVE step.skip': runners,
      'COMPLETE step.reopen': runners,
      'SKIP step.reopen': runners,
    };
    for (const from of STEP_STATES) expected[`${from} step.force`] = ['admin'];
    const got = Object.fromEntries([...who].map(([move, names]) => [move, [...names].sort()]));
    expect(got).toEqual(Object.fromEntries(Object.entries(expected).map(([m, n]) => [m, [...n].sort()])));
  });

  it('passes a snapshot step from ACTIVE on to COMPLETE, forced or started', () => {
    const admin = callers.admin!;
    expect(applyTransition(stepStates, 'PENDING', { type: 'step.start', caller: admin, item, step: snapshot } as never)).toEqual({
      ok: true,
      to: 'COMPLETE',
    });
    expect(applyTransition(stepStates, 'PENDING', { type: 'step.start', caller: admin, item, step: simple } as never)).toEqual({
      ok: true,
      to: 'ACTIVE',
    });
    expect(applyTransition(stepStates, 'BLANK', { type: forceEvent('ACTIVE'), caller: admin, item, step: snapshot } as never)).toEqual({
      ok: true,
      to: 'COMPLETE',
    });
    expect(
      applyTransition(stepStates, 'BLANK', { type: forceEvent('ACTIVE'), caller: callers.siteRunner!, item, step: simple } as never),
    ).toEqual({ ok: false, reason: 'transitionNotAllowed' });
  });
});
