/**
 * The workflow step kind RWF_THREAD (spec 001 §4, "talk with the proponent"): as it becomes ACTIVE
 * a thread about the workflow's item opens, its assignee taking part (they add the proponent's
 * people); the step completes once that thread is resolved. Declared in the model, its behaviour
 * here (docs/modules.md §15).
 */
import type { StepBehaviour } from '../../server/workflow/StepBehaviour';
import type { ItemData } from '../../shared/items/types';
import { relIds } from './conversationRules';
import { THREAD_STEP } from './threadStepKind';

export const threadStepBehaviour: StepBehaviour = {
  kind: THREAD_STEP,
  // Opened once: a step started again (stopped, then started) keeps its thread.
  async onActive({ tx, services, author, item, step }) {
    if (relIds(step.props?.thread).length > 0) return;
    const subject =
      typeof step.props?.threadSubject === 'string' && step.props.threadSubject.trim()
        ? step.props.threadSubject.trim()
        : `${step.label}: ${item.label}`;
    const data: ItemData = { subject: subject.slice(0, 300), context: { id: item.id } };
    if (step.assignee) data.participants = [{ id: step.assignee.id }];
    if (typeof step.props?.threadPurpose === 'string') data.purpose = step.props.threadPurpose;
    if (item.ownerOrg) data.owner = { id: item.ownerOrg };
    const thread = await services.items.create(author, 'Thread', data, { admin: true, tx });
    return { props: { thread: { id: thread.id } } };
  },
  // The conversation is the step's work: done once it is resolved.
  async completeRefusal({ tx, step }) {
    const id = relIds(step.props?.thread)[0];
    if (!id) return null;
    const res = await tx.query<{ resolved: string | null }>(
      `SELECT data->>'resolved' AS resolved FROM items WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
    return res.rows[0] && res.rows[0].resolved !== 'true' ? 'errors.conversations.threadOpen' : null;
  },
};
