/**
 * The workflow stepper on a response's read screen (issue 15): the steps in order with the current
 * one marked, who does each and when, what is next, only the moves the server allows (act/wfAllowed),
 * each move sent with the item's `_u`; without a workflow, a template chosen and started by those who
 * run workflows, and nothing offered to others.
 */
import { render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { selectItem, type ItemActorRef } from '../../machines/item/itemMachine';
import { getRouter } from '../../machines/systemIds';
import type { ItemPanelProps } from '../../src/client/items/itemPanels';
import { loadScreens } from '../../src/client/modules/moduleRegistry';
import type { Item } from '../../src/shared/items/types';
import type { StepInstance } from '../../src/shared/workflow/StepKindDef';
import { cleanUpApps, renderApp } from './support/renderApp';
import type { SeededItem } from './support/protocolServer';
import { withProviders } from './support/renderItemScreen';

afterEach(cleanUpApps);

const response = (steps?: StepInstance[]): SeededItem => ({
  $id: 'ConsultResponse-4',
  _t: 'ConsultResponse',
  _i: 4,
  _u: 3,
  _c: { ts: '2026-01-05T10:00:00.000Z', by: 'User-1' },
  $access: 'PROTECTED',
  $labels: { 'ConsultResponse-4': 'North block · Long Lake Nation', 'Organization-2': 'Long Lake Nation' },
  projectName: 'North block',
  owner: { id: 'Organization-2' },
  state: 'PENDING',
  ...(steps ? { '_wf.steps': steps } : {}),
});

const RUNNING: StepInstance[] = [
  { id: 's1', kind: 'RWF_ASSIGN', label: 'Assign a responder', state: 'COMPLETE', assignee: { id: 'Contact-5' } },
  { id: 's2', kind: 'RWF_SIMPLE', label: 'Read the proposal', state: 'ACTIVE', assignee: { id: 'Contact-5' }, due: '2026-12-03' },
  { id: 's3', kind: 'RWF_OUTCOME', label: 'Decide', state: 'BLANK' },
];

async function renderStepper(item: SeededItem, handlers: Record<string, (b: unknown) => unknown>, admin = false) {
  const app = renderApp({ path: `/i-${item.$id}`, signedIn: true, ...(admin ? { user: { admin: true } } : {}) });
  app.server.seedItems(item);
  for (const [o, handle] of Object.entries(handlers)) app.server.handlers.set(o, (f) => handle(f.b));
  let itemRef: ItemActorRef | null = null;
  let read: Item | null = null;
  await waitFor(() => {
    const cell = getRouter(app.session.system)
      ?.getSnapshot()
      .context.cells.find((c) => c.spec.itemId === item.$id);
    itemRef = cell?.ref.getSnapshot().context.item ?? null;
    read = itemRef ? selectItem(itemRef.getSnapshot()) : null;
    if (!read) throw new Error('not read yet');
  });
  const cell = getRouter(app.session.system)!
    .getSnapshot()
    .context.cells.find((c) => c.spec.itemId === item.$id)!.ref;
  const panels: readonly ComponentType<ItemPanelProps>[] = (await loadScreens('workflow')).panels?.ConsultResponse ?? [];
  expect(panels).toHaveLength(1);
  const view = render(
    withProviders(
      <>
        {panels.map((Panel, i) => (
          <Panel key={i} item={read!} itemRef={itemRef!} cell={cell} />
        ))}
      </>,
      app.session,
    ),
  );
  return { ...app, panel: within(view.container) };
}

const sent = (h: { server: { received: { o: string; b?: unknown }[] } }, o: string) =>
  h.server.received.filter((f) => f.o === o).map((f) => f.b);

describe('the workflow stepper', () => {
  it('shows the steps, the current one, who and when, what is next, and offers only the allowed moves', async () => {
    const h = await renderStepper(response(RUNNING), {
      'act/wfAllowed': () => ({
        moves: { s1: ['step.reopen'], s2: ['step.complete', 'step.stop'], s3: [] },
        runs: false,
        forces: false,
        labels: { 'Contact-5': 'Ada Lake' },
      }),
      'act/wfStepState': () => ({ id: 'ConsultResponse-4', u: 4 }),
    });
    const list = await h.panel.findByRole('list', { name: 'Steps' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-current'))).toEqual([null, 'step', null]);
    expect(rows[1]).toHaveTextContent('Read the proposal');
    expect(rows[1]).toHaveTextContent('Active');
    expect(rows[2]).toHaveTextContent('Not started');
    await waitFor(() => expect(rows[1]).toHaveTextContent('Assigned to Ada Lake'));
    expect(rows[1]).toHaveTextContent('Due 03-Dec-2026');
    expect(rows[2]).toHaveTextContent('Not assigned');
    expect(h.panel.getByText('Next: Decide')).toBeInTheDocument();
    // The current step's moves alone (reopening the first waits until every step is done); no ids or keys shown.
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(rows[1]!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Complete', 'Put back']);
    expect(list).not.toHaveTextContent(/RWF_|step\.|Contact-5|s2/);
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Complete' }));
    await waitFor(() =>
      expect(sent(h, 'act/wfStepState')).toEqual([{ itemId: 'ConsultResponse-4', _u: 3, stepId: 's2', event: 'step.complete' }]),
    );
  });

  it('lets an administrator force a step into another state, and no one else', async () => {
    const allowed = (forces: boolean) => () => ({ moves: { s2: ['step.complete'] }, runs: true, forces, labels: {} });
    const plain = await renderStepper(response(RUNNING), { 'act/wfAllowed': allowed(false) });
    await plain.panel.findByRole('list', { name: 'Steps' });
    await waitFor(() => expect(sent(plain, 'act/wfAllowed')).toHaveLength(1));
    expect(plain.panel.queryByLabelText('Force “Decide” to')).not.toBeInTheDocument();
    cleanUpApps();
    const h = await renderStepper(
      response(RUNNING),
      { 'act/wfAllowed': allowed(true), 'act/wfForceStep': () => ({ id: 'ConsultResponse-4', u: 4 }) },
      true,
    );
    const force = await h.panel.findByLabelText('Force “Decide” to');
    expect(
      within(force)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['— Choose —', 'Pending', 'Active', 'Complete', 'Skipped']);
    await userEvent.selectOptions(force, 'Complete');
    const row = h.panel.getAllByRole('listitem')[2]!;
    await userEvent.click(within(row).getByRole('button', { name: 'Force' }));
    await waitFor(() =>
      expect(sent(h, 'act/wfForceStep')).toEqual([{ itemId: 'ConsultResponse-4', _u: 3, stepId: 's3', state: 'COMPLETE' }]),
    );
  });

  it("edits the current step's own values and saves them together", async () => {
    const outcome: StepInstance[] = [
      { id: 's1', kind: 'RWF_SIMPLE', label: 'Read', state: 'COMPLETE' },
      { id: 's2', kind: 'RWF_MEETING', label: 'Meet the proponent', state: 'ACTIVE' },
    ];
    const h = await renderStepper(response(outcome), {
      'act/wfAllowed': () => ({ moves: { s2: ['step.complete'] }, runs: true, forces: false, labels: {} }),
      'act/wfStepProps': () => ({ id: 'ConsultResponse-4', u: 4 }),
    });
    const date = await h.panel.findByLabelText('Meeting date');
    await userEvent.type(date, '05-Jan-2027');
    await userEvent.click(h.panel.getByRole('button', { name: 'Save the step' }));
    await waitFor(() =>
      expect(sent(h, 'act/wfStepProps')).toEqual([
        { itemId: 'ConsultResponse-4', _u: 3, stepId: 's2', props: { meetingDate: '2027-01-05' } },
      ]),
    );
  });

  it('lets those who run workflows start a template, and offers others nothing', async () => {
    const h = await renderStepper(response(), {
      'act/wfAllowed': () => ({ moves: {}, runs: true, forces: false, labels: {} }),
      'search/ids': () => ({
        ids: ['Workflow-1', 'Workflow-2'],
        labels: { 'Workflow-1': 'Standard review', 'Workflow-2': 'Quick look' },
        total: 2,
      }),
      'act/wfSet': () => ({ id: 'ConsultResponse-4', u: 4 }),
    });
    expect(await h.panel.findByText('No workflow runs on this yet.')).toBeInTheDocument();
    const choose = await h.panel.findByLabelText('Workflow to run');
    await waitFor(() =>
      expect(
        within(choose)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['— Choose —', 'Standard review', 'Quick look']),
    );
    expect(h.panel.getByRole('button', { name: 'Start the workflow' })).toBeDisabled();
    await userEvent.selectOptions(choose, 'Standard review');
    await userEvent.click(h.panel.getByRole('button', { name: 'Start the workflow' }));
    await waitFor(() => expect(sent(h, 'act/wfSet')).toEqual([{ itemId: 'ConsultResponse-4', _u: 3, workflowId: 'Workflow-1' }]));
    // The templates of the response's own organisation.
    const searches = sent(h, 'search/ids').map((b) => (b as { must: Record<string, unknown> }).must);
    expect(searches).toContainEqual({ _: 'Workflow', 'ft-owner': 'Organization-2' });
  });

  it('offers no start to those who do not run workflows', async () => {
    const h = await renderStepper(response(), { 'act/wfAllowed': () => ({ moves: {}, runs: false, forces: false, labels: {} }) });
    expect(await h.panel.findByText('No workflow runs on this yet.')).toBeInTheDocument();
    await waitFor(() => expect(sent(h, 'act/wfAllowed')).toHaveLength(1));
    expect(h.panel.queryByLabelText('Workflow to run')).not.toBeInTheDocument();
  });
  it("shows each step's own values: who was chosen, and what it made as links; nothing the reader may not read", async () => {
    const steps: StepInstance[] = [
      { id: 's1', kind: 'RWF_ASSIGN', label: 'Assign', state: 'COMPLETE', props: { assignTo: { id: 'Contact-5' } } },
      { id: 's2', kind: 'RWF_THREAD', label: 'Talk with them', state: 'COMPLETE', props: { thread: { id: 'Thread-8' } } },
      { id: 's3', kind: 'RWF_LETTER_PROPOSE', label: 'Propose', state: 'ACTIVE', props: { letter: { id: 'ResponseLetter-9' } } },
    ];
    const h = await renderStepper(response(steps), {
      'act/wfAllowed': () => ({
        moves: { s1: [], s2: [], s3: [] },
        runs: false,
        forces: false,
        labels: { 'Contact-5': 'Ada Lake', 'Thread-8': 'Talk with them: North block' },
      }),
    });
    const rows = within(await h.panel.findByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    await waitFor(() => expect(rows[0]).toHaveTextContent(/Responder:\s*Ada Lake/));
    const link = within(rows[1]!).getByRole('link', { name: 'Talk with them: North block' });
    expect(link).toHaveAttribute('href', '/i-Thread-8');
    expect(rows[1]).toHaveTextContent(/Conversation:\s*Talk with them: North block/);
    expect(within(rows[2]!).queryByRole('link')).not.toBeInTheDocument();
    expect(rows[2]).not.toHaveTextContent(/ResponseLetter|Letter:|not shown/);
  });
});
