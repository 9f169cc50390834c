/**
 * Kinds of workflow step (spec 001 §4 "Step kinds"), registered by the modules that know how to run
 * them (docs/modules.md "Workflow step kinds"). A module declares a kind in its model (both sides: the template editor offers it) and its
 * behaviour in its server part (`ModuleServer.stepKinds`: what happens on ACTIVE, what must hold for
 * COMPLETE). Core names no module.
 */
import type { ItemData, PropertyDef } from '../items/types';

/** Every step kind spec 001 names; one no module registers is offered as not available. */
export const SPEC_STEP_KINDS = [
  'RWF_ASSIGN',
  'RWF_SIMPLE',
  'RWF_SPATIAL',
  'RWF_RESEARCH',
  'RWF_LETTER_SEND',
  'RWF_LETTER_PROPOSE',
  'RWF_LETTER_APPROVE',
  'RWF_SNAPSHOT',
  'RWF_OUTCOME',
  'RWF_THREAD',
  'RWF_MEETING',
  'RWF_FIELDWORK',
  'GKF_CONFIRM',
  'GKF_WORK_ITEMS',
  'GKF_REPORT',
  'GKF_INVOICE',
  'WKF_CONFIRM',
] as const;

/** The refusal of a step of a kind no module registers (a spec kind whose module is not installed yet). */
export const STEP_KIND_UNAVAILABLE = 'errors.workflow.stepKindUnavailable';

/** The states of a step (spec 001 §4), which the registering module's step chart moves. */
export const STEP_STATES = ['BLANK', 'PENDING', 'ACTIVE', 'COMPLETE', 'SKIP'] as const;
export type StepState = (typeof STEP_STATES)[number];

/** One kind of step, declared in a module's model (`ModuleModel.stepKinds`). */
export interface StepKindDef {
  /** Uppercase and registered once across the product (`RWF_THREAD`). */
  kind: string;
  /** Message key of its name, among the module's labels. */
  label: string;
  /** May be added by hand to a running workflow (spec 001: simple, letter send, thread, meeting, fieldwork). */
  adHoc?: boolean;
  /**
   * What a step of this kind holds beside its label, assignee and due date (a letter template, the
   * outcome chosen), checked as an item's properties are; labelled `workflow.stepProps.{name}`.
   */
  properties?: Readonly<Record<string, PropertyDef>>;
  /** Its ACTIVE passes straight to COMPLETE and on to the next step (the snapshot rule: stamp it, then go on). */
  passThrough?: boolean;
}

/** A step of a running workflow, as `_wf.steps` of the item holds it. */
export interface StepInstance {
  /** Unique within the workflow (`s1`, `s2`...): operations name a step by it. */
  id: string;
  kind: string;
  /** Its title (from the template, or typed when added ad hoc). */
  label: string;
  state: StepState;
  /** The contact who does it. */
  assignee?: { id: string };
  /** The day it is due (YYYY-MM-DD), set from the template's offset when the step becomes PENDING. */
  due?: string;
  /** Days from becoming PENDING to its due date (from the template). */
  dueDays?: number;
  /** The kind's own values (StepKindDef.properties), and what its behaviour keeps (a snapshot's attachment). */
  props?: ItemData;
  /** Its last move was forced by an administrator. */
  forced?: boolean;
  /** When it last moved (ISO instant), and by whom (a user id). */
  at?: string;
  by?: string | null;
  /** Added by hand to the running workflow, not from its template. */
  adHoc?: boolean;
  /** The workflow state (RWF_STATES) the item takes when this step opens. */
  wfState?: string;
}

/** A registered kind and the module that registered it. */
export interface RegisteredStepKind {
  def: StepKindDef;
  owner: string;
}

/** Who registers step kinds (a `ModuleModel` fits). */
export interface StepKindSource {
  name: string;
  stepKinds?: readonly StepKindDef[];
}

/**
 * Every registered step kind by name. A kind registered twice, or not uppercase, throws naming the
 * modules (spec 001 §5 "a kind registered twice errors with already registered").
 */
export function stepKindTable(sources: readonly StepKindSource[]): ReadonlyMap<string, RegisteredStepKind> {
  const table = new Map<string, RegisteredStepKind>();
  for (const source of sources) {
    for (const def of source.stepKinds ?? []) {
      if (!/^[A-Z][A-Z0-9_]*$/.test(def.kind)) throw new Error(`Step kind ${def.kind} of module ${source.name} is not uppercase`);
      const known = table.get(def.kind);
      if (known) throw new Error(`Step kind ${def.kind} is already registered: by module ${known.owner}, again by module ${source.name}`);
      table.set(def.kind, { def, owner: source.name });
    }
  }
  return table;
}
