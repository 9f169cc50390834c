/**
 * What the letters module's step kinds do on the server (src/server/workflow/StepBehaviour.ts): a
 * step is complete once the response has a letter that far along (proposed, approved, sent; of the
 * step's template when it names one), and it keeps that letter. Read in the move's transaction.
 */
import type { StepBehaviour, StepContext } from '../../server/workflow/StepBehaviour';
import type { ItemData } from '../../shared/items/types';
import { relIdOf } from './letterRules';
import { LETTER_STEP_RULES } from './letterSteps';

/** The newest letter of the step's item in one of `states` (of `template`, when given), or null. */
async function letterFor(ctx: StepContext, states: readonly string[]): Promise<string | null> {
  const template = relIdOf(ctx.step.props?.template);
  const res = await ctx.tx.query<{ id: string; data: ItemData | string }>(
    `SELECT id, data FROM items WHERE type = 'ResponseLetter' AND deleted_at IS NULL AND data->'response'->>'id' = $1 ORDER BY idx DESC`,
    [ctx.item.id],
  );
  for (const row of res.rows) {
    const data = typeof row.data === 'string' ? (JSON.parse(row.data) as ItemData) : row.data;
    if (!states.includes(String(data.state))) continue;
    if (template && relIdOf(data.template) !== template) continue;
    return row.id;
  }
  return null;
}

/** The behaviours of RWF_LETTER_PROPOSE, RWF_LETTER_APPROVE and RWF_LETTER_SEND. */
export const letterStepBehaviours: readonly StepBehaviour[] = Object.entries(LETTER_STEP_RULES).map(([kind, rule]) => ({
  kind,
  completeRefusal: async (ctx) => ((await letterFor(ctx, rule.states)) ? null : rule.refusal),
  onComplete: async (ctx) => {
    const id = await letterFor(ctx, rule.states);
    return id ? { props: { letter: { id } } } : undefined;
  },
}));
