/**
 * The workflow module's demo: the community's "Standard review" template, and each of the community's
 * workflow-capable items (its responses) running it, its first member who has a person record given
 * ResponderWorkflow there and assigned: the intake done, the reading under way, due in three days.
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
  const targets = await tx.query<{ id: string; u: number }>(
    'SELECT id, u FROM items WHERE owner_org = $1 AND type = ANY($2::text[]) AND deleted_at IS NULL ORDER BY idx',
    [community, types],
  );
  const now = new Date();
  for (const { id, u } of targets.rows) {
    const steps: StepInstance[] = STANDARD.map((step, i) => ({ ...instanceOf(step, `s${i + 1}`), assignee: { id: member.contact } }));
    steps[0] = { ...steps[0]!, state: 'COMPLETE', props: { assignTo: { id: member.contact } }, at: now.toISOString(), by: adminId };
    steps[1] = { ...steps[1]!, state: 'ACTIVE', due: dayAfter(now, 3), at: now.toISOString(), by: member.user_id };
    await items.update(
      author,
      {
        $id: id,
        _u: u,
        [WF.workflow]: { id: template.id },
        [WF.state]: 'REVIEW',
        [WF.steps]: steps,
        [WF.assigned]: [{ id: member.contact }],
        [WF.assignedDue]: steps[1]!.due,
      },
      () => undefined,
      opts,
    );
  }
}
