/**
 * The workflow module's operations (spec 001 §4 "Actions"): set workflow, init manual workflow, set
 * step state, force step state, apply step properties, apply steps, force workflow state, clear
 * workflow. Each names the workflow-capable item and its `_u`; each answers the item's new `_u`.
 */
import * as yup from 'yup';
import { defineOperation } from '../../shared/protocol/defineOperation';
import { closedObject, itemIdString, typedIdString } from '../../shared/protocol/requestSchemas';
import { STEP_STATES } from '../../shared/workflow/StepKindDef';
import { WORKFLOW_TITLE_MAX } from './workflowRules';

/** What every workflow operation answers: the item and its counter after the change. */
export interface WorkflowReply {
  id: string;
  u: number;
}

const item = () => itemIdString().required('errors.required');
const u = () => yup.number().integer('errors.number.integer').min(1, 'errors.invalidValue').required('errors.required');
const stepId = () =>
  yup
    .string()
    .matches(/^s[1-9][0-9]{0,3}$/, 'errors.invalidValue')
    .required('errors.required');
const day = () => yup.string().matches(/^\d{4}-\d{2}-\d{2}$/, 'errors.invalidDate');
const contact = () => typedIdString('Contact');

/** A step as `act/wfApplySteps` and `act/wfInitManual` take it: an existing step by its id, or a new one. */
const stepBody = () =>
  closedObject({
    id: yup.string().matches(/^s[1-9][0-9]{0,3}$/, 'errors.invalidValue'),
    kind: yup.string().max(40, 'errors.maxLength').required('errors.required'),
    label: yup.string().trim().min(1, 'errors.notBlank').max(WORKFLOW_TITLE_MAX, 'errors.maxLength').required('errors.required'),
    assignee: contact().nullable(),
    dueDays: yup.number().integer('errors.number.integer').min(0, 'errors.invalidValue').max(3650, 'errors.invalidValue').nullable(),
    wfState: yup.string().max(200, 'errors.maxLength').nullable(),
    props: yup.object().nullable(),
  });

/** The moves a person asks of a step (machines/workflow/stepStates.ts); forcing is `act/wfForceStep`. */
export const STEP_MOVES = ['step.open', 'step.start', 'step.complete', 'step.stop', 'step.skip', 'step.reopen'] as const;

const reply = defineOperation<WorkflowReply>();

/** What the caller may do with an item's workflow now (the server's answer: the stepper offers only these). */
export interface WorkflowAllowed {
  /** Step id to the moves (STEP_MOVES) the step chart allows the caller now. */
  moves: Record<string, string[]>;
  /** Sets, begins, changes and clears workflows here. */
  runs: boolean;
  /** Forces steps and the workflow state. */
  forces: boolean;
  /** The labels of the people the steps are assigned to (and of their kinds' related values) the caller may read. */
  labels: Record<string, string>;
}

export const workflowOperations = {
  /** What the caller may do with the item's workflow now, and the labels its stepper shows. */
  allowed: defineOperation<WorkflowAllowed>()({
    pattern: 'act/wfAllowed',
    params: {},
    signedIn: true,
    body: () => closedObject({ itemId: item() }),
  }),
  /** Runs a template on an item: its steps become the item's, the first one PENDING. */
  set: reply({
    pattern: 'act/wfSet',
    params: {},
    signedIn: true,
    body: () => closedObject({ itemId: item(), _u: u(), workflowId: typedIdString('Workflow').required('errors.required') }),
  }),
  /** Starts a workflow by hand, from the steps given (ad hoc kinds), the first one PENDING. */
  initManual: reply({
    pattern: 'act/wfInitManual',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        itemId: item(),
        _u: u(),
        steps: yup.array().of(stepBody()).min(1, 'errors.array.min').max(50, 'errors.array.max').required('errors.required'),
      }),
  }),
  /** Moves one step as its chart allows the caller (start, complete, stop, skip, reopen, open). */
  stepState: reply({
    pattern: 'act/wfStepState',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        itemId: item(),
        _u: u(),
        stepId: stepId(),
        event: yup.string().oneOf(STEP_MOVES, 'errors.invalidValue').required('errors.required'),
      }),
  }),
  /** Forces one step into a state (administrators; recorded as forced, its kind's conditions not asked). */
  forceStep: reply({
    pattern: 'act/wfForceStep',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        itemId: item(),
        _u: u(),
        stepId: stepId(),
        state: yup.string().oneOf(STEP_STATES, 'errors.invalidValue').required('errors.required'),
      }),
  }),
  /** Changes one step: its title, assignee, due date, its kind's values. */
  stepProps: reply({
    pattern: 'act/wfStepProps',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        itemId: item(),
        _u: u(),
        stepId: stepId(),
        label: yup.string().trim().min(1, 'errors.notBlank').max(WORKFLOW_TITLE_MAX, 'errors.maxLength'),
        assignee: contact().nullable(),
        due: day().nullable(),
        props: yup.object(),
      }),
  }),
  /** Replaces the running steps: those named by id keep their state, new ones (ad hoc kinds) come in not started. */
  applySteps: reply({
    pattern: 'act/wfApplySteps',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        itemId: item(),
        _u: u(),
        steps: yup.array().of(stepBody()).min(1, 'errors.array.min').max(50, 'errors.array.max').required('errors.required'),
      }),
  }),
  /** Sets the item's workflow state (RWF_STATES) by hand (administrators; recorded as forced). */
  forceState: reply({
    pattern: 'act/wfForceState',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({ itemId: item(), _u: u(), state: yup.string().max(200, 'errors.maxLength').nullable().defined('errors.required') }),
  }),
  /** Ends the item's workflow: every `_wf` property is removed. */
  clear: reply({
    pattern: 'act/wfClear',
    params: {},
    signedIn: true,
    body: () => closedObject({ itemId: item(), _u: u() }),
  }),
} as const;
