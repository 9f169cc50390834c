/**
 * The workflow step kinds the letters module brings (spec 001 §4; src/shared/workflow/StepKindDef.ts):
 * a step to propose a letter (of a chosen template, when the step names one), one for another person
 * to approve it, and one to send it (also added ad hoc to a running workflow). Each is complete once
 * the response's letter has got that far; the Letters panel is where the work is done.
 */
import type { StepKindDef } from '../../shared/workflow/StepKindDef';
import type { LetterState } from './letterRules';

const letter = { kind: 'REL', relTypes: ['ResponseLetter'], readOnly: true, t: 'letters.stepProps.letter' } as const;

/** The letters module's step kinds. */
export const LETTER_STEP_KINDS: readonly StepKindDef[] = [
  {
    kind: 'RWF_LETTER_PROPOSE',
    label: 'letters.steps.RWF_LETTER_PROPOSE',
    properties: { template: { kind: 'REL', relTypes: ['LetterTemplate'], t: 'letters.stepProps.template' }, letter },
  },
  { kind: 'RWF_LETTER_APPROVE', label: 'letters.steps.RWF_LETTER_APPROVE', properties: { letter } },
  { kind: 'RWF_LETTER_SEND', label: 'letters.steps.RWF_LETTER_SEND', adHoc: true, properties: { letter } },
];

/** Per step kind: the letter states that complete it, and the message of a step that may not complete yet. */
export const LETTER_STEP_RULES: Readonly<Record<string, { states: readonly LetterState[]; refusal: string }>> = {
  RWF_LETTER_PROPOSE: { states: ['PROPOSED', 'APPROVED', 'SENT'], refusal: 'errors.letters.step.noProposal' },
  RWF_LETTER_APPROVE: { states: ['APPROVED', 'SENT'], refusal: 'errors.letters.step.notApproved' },
  RWF_LETTER_SEND: { states: ['SENT'], refusal: 'errors.letters.step.notSent' },
};
