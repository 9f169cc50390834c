/**
 * What the workflow module's own step kinds do on the server (src/server/workflow/StepBehaviour.ts):
 * an assign step needs its responder (the engine then gives them the later steps), an outcome step
 * its outcome, copied to the item; a meeting step its date; a snapshot is stamped as it passes.
 */
import type { StepBehaviour } from '../../server/workflow/StepBehaviour';
import { itemTypes } from '../../shared/itemTypes';
import type { ItemData } from '../../shared/items/types';
import { WORKFLOW_LISTS } from './workflowRules';
import { takeSnapshot } from './workflowSnapshot';

const has = (v: unknown): boolean => v !== undefined && v !== null && v !== '' && !(typeof v === 'object' && !('id' in v));

export const workflowStepBehaviours: readonly StepBehaviour[] = [
  {
    kind: 'RWF_ASSIGN',
    completeRefusal: async ({ step }) => (has(step.props?.assignTo) ? null : 'errors.workflow.assigneeMissing'),
  },
  {
    kind: 'RWF_OUTCOME',
    completeRefusal: async ({ step }) => (has(step.props?.outcome) ? null : 'errors.workflow.outcomeMissing'),
    // The item's own outcome (a response's, RWF_OUTCOMES) takes the step's, and the item takes its
    // type's outcome transition (a response is answered: ItemTypeDef.workflowOutcome).
    onComplete: async ({ item, step }) => {
      const type = itemTypes.get(item.type);
      const patch: ItemData = {};
      for (const [name, def] of Object.entries(type?.properties ?? {}))
        if (def.kind === 'LOV' && def.list === WORKFLOW_LISTS.outcomes && !def.readOnly) patch[name] = step.props?.outcome;
      return { item: patch, ...(type?.workflowOutcome ? { transition: type.workflowOutcome } : {}) };
    },
  },
  {
    kind: 'RWF_MEETING',
    completeRefusal: async ({ step }) => (has(step.props?.meetingDate) ? null : 'errors.workflow.meetingDateMissing'),
  },
  {
    kind: 'RWF_SNAPSHOT',
    // Spec 001 §4: "the step action on ACTIVE is to stamp or send a snapshot"; it then moves on (passThrough).
    onActive: (ctx) => takeSnapshot(ctx),
  },
];
