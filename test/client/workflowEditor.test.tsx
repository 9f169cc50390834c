/**
 * The workflow template editor (issue 15, admin.workflows): a template's steps in its form are an
 * ordered list of cards; steps are added by choosing a kind (the kinds no module registers are shown
 * but cannot be chosen), moved up and down by labelled buttons, removed, and saved in the new order.
 */
import { waitFor, within, type BoundFunctions, type queries } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SeededItem } from './support/protocolServer';
import { cleanUpApps } from './support/renderApp';
import { renderItemEditor } from './support/renderItemScreen';

afterEach(cleanUpApps);

const base = { _u: 2, _c: { ts: '2026-01-05T10:00:00Z', by: 'User-1' }, $access: 'PROTECTED' };
const template = (steps: Record<string, unknown>[]): SeededItem => ({
  $id: 'Workflow-5',
  _t: 'Workflow',
  _i: 5,
  ...base,
  $labels: { 'Organization-2': 'Long Lake Nation', 'Contact-7': 'Rosa Peters' },
  label: 'Referral response',
  owner: { id: 'Organization-2' },
  steps,
});

const STEPS = [
  { kind: 'RWF_ASSIGN', label: 'Assign a responder', dueDays: 2 },
  { kind: 'RWF_THREAD', label: 'Talk with the proponent', assignee: { id: 'Contact-7' } },
  { kind: 'RWF_OUTCOME', label: 'Decide' },
];

const updates = (h: { server: { received: { o: string; b?: unknown }[] } }) =>
  h.server.received.filter((f) => f.o === 'update').map((f) => f.b);

async function openEditor(steps = STEPS) {
  const h = await renderItemEditor('/i-Workflow-5-edit', [template(steps)], { user: { admin: true } });
  // The form's section is titled Steps too: the editor is the innermost group.
  const group = (await h.form.findAllByRole('group', { name: 'Steps' })).at(-1)!;
  return { ...h, steps: within(group) };
}

const cards = (steps: BoundFunctions<typeof queries>) => steps.getAllByRole('listitem');
/** The cards' headings in order: "Step n: " (for screen readers), the title, the kind unless the title says it. */
const titles = (steps: BoundFunctions<typeof queries>) => steps.getAllByRole('heading', { level: 4 }).map((h) => h.textContent);

describe('the workflow template editor', () => {
  it('shows the steps as numbered cards with their kind, title, assignee, days and state', async () => {
    const h = await openEditor();
    expect(cards(h.steps)).toHaveLength(3);
    expect(titles(h.steps)).toEqual(['Step 1: Assign a responder', 'Step 2: Talk with the proponent', 'Step 3: DecideDecide the outcome']);
    const second = within(h.steps.getAllByRole('listitem')[1]!);
    expect(second.getByLabelText('Kind of step')).toHaveDisplayValue('Talk with the proponent');
    expect(second.getByLabelText('Title')).toHaveValue('Talk with the proponent');
    expect(second.getByText('Rosa Peters')).toBeInTheDocument();
    expect(within(h.steps.getAllByRole('listitem')[0]!).getByLabelText('Days to do it')).toHaveValue('2');
    expect(second.getByLabelText('Workflow state when it opens')).toBeInTheDocument();
    // The first cannot go up, the last cannot go down.
    expect(h.steps.getByRole('button', { name: 'Move step 1 up' })).toBeDisabled();
    expect(h.steps.getByRole('button', { name: 'Move step 3 down' })).toBeDisabled();
    expect(h.steps.getByRole('button', { name: 'Move step 2 up' })).toBeEnabled();
  });

  it('offers every spec kind by its label, the ones no module registers disabled and saying why', async () => {
    const h = await openEditor();
    const chooser = h.steps.getByLabelText('Kind of the new step');
    const options = within(chooser).getAllByRole('option');
    const enabled = options.filter((o) => !(o as HTMLOptionElement).disabled).map((o) => o.textContent);
    const disabled = options.filter((o) => (o as HTMLOptionElement).disabled).map((o) => o.textContent);
    expect(enabled).toEqual(
      expect.arrayContaining([
        'Assign a responder',
        'Talk with the proponent',
        'Propose a letter',
        'Approve the letter',
        'Send the letter',
        'Decide the outcome',
        'Check the area against protected places',
      ]),
    );
    expect(disabled).toEqual([
      'Research (not available yet)',
      'Fieldwork (not available yet)',
      'Confirm the fieldwork (not available yet)',
      'Fieldwork items (not available yet)',
      'Fieldwork report (not available yet)',
      'Fieldwork invoice (not available yet)',
    ]);
    expect(within(chooser).getByRole('group', { name: 'Not available on this site yet' })).toBeInTheDocument();
    expect(chooser).toHaveAccessibleDescription('Kinds marked “not available yet” come with modules this site does not have yet.');
    // No key is ever shown: every one of the 17 kinds reads as words.
    expect(options.map((o) => o.textContent).join(' ')).not.toMatch(/RWF_|GKF_|WKF_/);
    expect(options).toHaveLength(18);
  });

  it('a saved step of a kind no module registers is marked with the server refusal', async () => {
    const h = await openEditor([...STEPS, { kind: 'RWF_RESEARCH', label: 'Look into it' }]);
    const card = within(h.steps.getAllByRole('listitem')[3]!);
    expect(card.getByLabelText('Kind of step')).toHaveAccessibleDescription('This kind of step is not available on this site yet.');
    expect(card.getByLabelText('Kind of step')).toHaveAttribute('aria-invalid', 'true');
  });

  it('adds a step of the chosen kind, moves steps by the buttons, removes one, and saves them in the new order', async () => {
    const user = userEvent.setup();
    const h = await openEditor();
    const add = h.steps.getByRole('button', { name: 'Add step' });
    expect(add).toBeDisabled();
    await user.selectOptions(h.steps.getByLabelText('Kind of the new step'), 'Propose a letter');
    await user.click(add);
    expect(titles(h.steps).at(-1)).toBe('Step 4: Propose a letter');
    expect(h.steps.getByRole('status')).toHaveTextContent('Step 4, Propose a letter, added.');
    // The new step's title takes the focus, its kind's name selected: typing replaces it.
    const fourth = within(h.steps.getAllByRole('listitem')[3]!);
    expect(fourth.getByLabelText('Title')).toHaveFocus();
    await user.keyboard('Draft the answer');
    expect(fourth.getByLabelText('Title')).toHaveValue('Draft the answer');

    // Step 4 up twice: it becomes step 2, and the focus follows its "up" button.
    await user.click(h.steps.getByRole('button', { name: 'Move step 4 up' }));
    expect(h.steps.getByRole('button', { name: 'Move step 3 up' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(h.steps.getByRole('button', { name: 'Move step 2 up' })).toHaveFocus();
    expect(h.steps.getByRole('status')).toHaveTextContent('Step 3, Draft the answer, is now step 2.');
    // The thread (now step 3) goes down below the outcome.
    await user.click(h.steps.getByRole('button', { name: 'Move step 3 down' }));
    expect(titles(h.steps)).toEqual([
      'Step 1: Assign a responder',
      'Step 2: Draft the answerPropose a letter',
      'Step 3: DecideDecide the outcome',
      'Step 4: Talk with the proponent',
    ]);
    // The card kept its own values as it moved.
    expect(within(h.steps.getAllByRole('listitem')[3]!).getByText('Rosa Peters')).toBeInTheDocument();

    await user.click(h.steps.getByRole('button', { name: 'Remove step 3' }));
    expect(h.steps.getByRole('status')).toHaveTextContent('Step 3, Decide, removed.');
    expect(h.steps.getByRole('button', { name: 'Remove step 3' })).toHaveFocus();
    expect(titles(h.steps)).toHaveLength(3);

    await user.click(h.form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates(h)).toHaveLength(1));
    expect(updates(h)[0]).toEqual({
      $id: 'Workflow-5',
      _u: 2,
      steps: [
        { kind: 'RWF_ASSIGN', label: 'Assign a responder', dueDays: 2 },
        { kind: 'RWF_LETTER_PROPOSE', label: 'Draft the answer' },
        { kind: 'RWF_THREAD', label: 'Talk with the proponent', assignee: { id: 'Contact-7' } },
      ],
    });
  });

  it('removing the last step leaves the chooser focused and says there are none', async () => {
    const user = userEvent.setup();
    const h = await openEditor([STEPS[0]!]);
    await user.click(h.steps.getByRole('button', { name: 'Remove step 1' }));
    expect(h.steps.getByText('No steps yet: choose the kind of the first step and add it.')).toBeInTheDocument();
    expect(h.steps.getByLabelText('Kind of the new step')).toHaveFocus();
  });
});
