/**
 * The life of one step of a workflow (spec 001 §4: BLANK, PENDING, ACTIVE, COMPLETE, SKIP), which only
 * the server moves. A template's steps start BLANK but the first, which is PENDING; whoever does a
 * step starts it (ACTIVE) and completes it, and the next BLANK step opens (PENDING, by the system).
 * Those who run workflows skip a step or reopen it; an administrator forces any state (`step.force.*`,
 * recorded as forced). The snapshot rule: a step whose kind passes through (a snapshot) goes from
 * ACTIVE straight on to COMPLETE, stamped, and the next step opens.
 */
import { setup } from 'xstate';
import { STEP_STATES, type StepState } from '../../src/shared/workflow/StepKindDef';
import { forces, isSystem, runsWorkflow, worksStep, type StepChartEvent } from './stepGuards';

/** The event that forces a step into `state` (administrators only). */
export const forceEvent = (state: StepState): string => `step.force.${state}`;

/** The forced moves out of `from`: to every other state. */
const forcedFrom = (from: StepState) =>
  Object.fromEntries(STEP_STATES.filter((to) => to !== from).map((to) => [forceEvent(to), { target: to, guard: 'forces' as const }]));

/** BLANK → PENDING → ACTIVE → COMPLETE, or SKIP; reopened by those who run workflows; forced by administrators. */
export const stepStates = setup({
  types: { events: {} as StepChartEvent },
  guards: {
    opens: ({ event }) => isSystem(event) || runsWorkflow(event),
    works: ({ event }) => worksStep(event),
    runs: ({ event }) => runsWorkflow(event),
    forces: ({ event }) => forces(event),
    passesThrough: ({ event }) => event.step.passThrough,
  },
}).createMachine({
  id: 'stepStates',
  initial: 'BLANK',
  states: {
    BLANK: {
      on: {
        'step.open': { target: 'PENDING', guard: 'opens' },
        'step.skip': { target: 'SKIP', guard: 'runs' },
        ...forcedFrom('BLANK'),
      },
    },
    PENDING: {
      on: {
        'step.start': { target: 'ACTIVE', guard: 'works' },
        'step.skip': { target: 'SKIP', guard: 'runs' },
        ...forcedFrom('PENDING'),
      },
    },
    ACTIVE: {
      always: { target: 'COMPLETE', guard: 'passesThrough' },
      on: {
        'step.complete': { target: 'COMPLETE', guard: 'works' },
        'step.stop': { target: 'PENDING', guard: 'works' },
        'step.skip': { target: 'SKIP', guard: 'runs' },
        ...forcedFrom('ACTIVE'),
      },
    },
    COMPLETE: {
      on: {
        'step.reopen': { target: 'ACTIVE', guard: 'runs' },
        ...forcedFrom('COMPLETE'),
      },
    },
    SKIP: {
      on: {
        'step.reopen': { target: 'PENDING', guard: 'runs' },
        ...forcedFrom('SKIP'),
      },
    },
  },
});
