/** The workflow step kind RWF_THREAD as both sides know it (its behaviour: threadStep.ts). */
import type { StepKindDef } from '../../shared/workflow/StepKindDef';
import { THREAD_PURPOSES } from './conversationRules';

export const THREAD_STEP = 'RWF_THREAD';

/** The kind as the template editor offers it: a purpose and a subject for the thread it opens. */
export const threadStepKind: StepKindDef = {
  kind: THREAD_STEP,
  label: 'workflow.steps.RWF_THREAD',
  adHoc: true,
  properties: {
    threadPurpose: { kind: 'SEL', options: THREAD_PURPOSES, t: 'workflow.stepProps.threadPurpose' },
    threadSubject: { kind: 'textField', maxLength: 300, t: 'workflow.stepProps.threadSubject' },
    /** The thread it opened (the server's). */
    thread: { kind: 'REL', relTypes: ['Thread'], readOnly: true, t: 'workflow.stepProps.thread' },
  },
};
