/**
 * The workflow module's demo: the community's "Standard review" template, run on the community's open
 * responses by its first member who has a person record (given ResponderWorkflow there), so each of
 * their dashboard cards shows something: a response just received waits at its first step (waiting
 * to start, and theirs: they assign it), and a pending one is being read by them, its step two days
 * late (overdue, and theirs). Responses already decided ran before the community used workflows.
 */
import type { DemoSeed } from '../../server/modules/ModuleServer';
import { itemTypes } from '../../shared/itemTypes';
import type { StepInstance } from '../../shared/workflow/StepKindDef';
import { dayAfter, instanceOf, WF, type TemplateStep } from './workflowRules';

const STANDARD: TemplateStep[] = [
  { kind: 'RWF_ASSIGN', label: 'Assign a responder', dueDays: 2, wfState: 'INTAKE' },
  { kind: 'RWF_SIMPLE', label: 'Read the proposal and the maps', dueDays: 10, wfState: 'REVIEW' },
  { kind: 'RWF_MEETING', label: 'Meet with the proponent', dueDays: 20, wfState: 'ENGAGEMENT' },
  { kind: 'RWF_SNAPSHOT', label: 'Keep the file as it stands' },
  { kind: 'RWF_OUTCOME', label: 'Decide the outcome', dueDays: 30, wfState: 'DECIDED' },
];

export async function workflowDemo({ tx, items, adminId, organizations }: DemoSeed): Promise<void> {
  const author = { userId: adminId, masquerader: null };
  const opts = { admin: true, tx };
  const community = organizations.community;
  const template = await items.create(
    author,
    'Workflow',
    {
      label: 'Standard review',
      owner: { id: community },
      description: '<p>How the community reviews a consultation: assign it, read it, meet, keep the file, decide.</p>',
      steps: STANDARD,
    },
    opts,
  );
  const member = (
    await tx.query<{ user_id: string; contact: string }>(
      `SELECT m.user_id, u.data->'contact'->>'id' AS contact FROM memberships m JOIN items u ON u.id = m.user_id
        WHERE m.org_id = $1 AND u.data->'contact'->>'id' IS NOT NULL ORDER BY u.idx LIMIT 1`,
      [community],
    )
  ).rows[0];
  if (!member) return;
  await tx.query(
    `UPDATE memberships SET capabilities = capabilities || '{"ResponderWorkflow": true}'::jsonb WHERE user_id = $1 AND org_id = $2`,
    [member.user_id, community],
  );
  const types = itemTypes
    .all()
    .filter((t) => t.workflow === true)
    .map((t) => t.name);
  const targets = await tx.query<{ id: string; u: number; state: string }>(
    `SELECT id, u, data->>'state' AS state FROM items
      WHERE owner_org = $1 AND type = ANY($2::text[]) AND deleted_at IS NULL ORDER BY idx`,
    [community, types],
  );
  const now = new Date();
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  const steps = (): StepInstance[] => STANDARD.map((step, i) => ({ ...instanceOf(step, `s${i + 1}`), assignee: { id: member.contact } }));
  /** Where each open response stands: its steps and workflow state. */
  const running: Record<string, () => { steps: StepInstance[]; state: string }> = {
    // Received, undecided: the intake step waits for the member, due in two days.
    DRAFT: () => {
      const s = steps();
      s[0] = { ...s[0]!, state: 'PENDING', due: dayAfter(now, 2), at: daysAgo(0), by: adminId };
      return { steps: s, state: 'INTAKE' };
    },
    // Being answered: assigned twelve days ago, the ten days' reading is two days late.
    PENDING: () => {
      const s = steps();
      s[0] = { ...s[0]!, state: 'COMPLETE', props: { assignTo: { id: member.contact } }, at: daysAgo(12), by: adminId };
      s[1] = { ...s[1]!, state: 'ACTIVE', due: dayAfter(now, -2), at: daysAgo(11), by: member.user_id };
      return { steps: s, state: 'REVIEW' };
    },
  };
  for (const { id, u, state } of targets.rows) {
    const at = running[state]?.();
    if (!at) continue;
    const current = at.steps.find((step) => step.state === 'ACTIVE' || step.state === 'PENDING')!;
    await items.update(
      author,
      {
        $id: id,
        _u: u,
        [WF.workflow]: { id: template.id },
        [WF.state]: at.state,
        [WF.steps]: at.steps,
        [WF.assigned]: [{ id: member.contact }],
        [WF.assignedDue]: current.due,
      },
      () => undefined,
      opts,
    );
  }
}
