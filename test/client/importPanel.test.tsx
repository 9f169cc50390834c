/**
 * The screen of an Import (docs/modules.md "Imports and exports") with the example journal's kind:
 * the kind by its label, the outcome and the report of a run as labels (line, column, problem), a
 * chosen kind saved on the item, Import starting the task with its progress bar and Stop, and for
 * someone who may not change the Import, the outcome without any control.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Frame, UserSession } from '../../src/shared/protocol';
import type { SeededItem } from './support/protocolServer';
import { cleanUpApps, renderApp } from './support/renderApp';

jest.mock('../../src/modules', () => jest.requireActual('../support/exampleModule/withJournal').modelsWithJournal());
jest.mock('../../src/modules/client', () => jest.requireActual('../support/exampleModule/withJournal').clientsWithJournal());

afterEach(cleanUpApps);

const done: SeededItem = {
  $id: 'Import-3',
  _t: 'Import',
  _i: 3,
  _u: 4,
  _c: { ts: '2026-04-22T10:00:00.000Z', by: 'User-1' },
  $access: 'PRIVATE',
  $labels: { 'Import-3': 'Spring survey', 'Attachment-8': 'entries.csv' },
  label: 'Spring survey',
  kind: 'JOURNAL_ENTRIES',
  file: { id: 'Attachment-8' },
  status: 'DONE',
  dryRun: false,
  task: 'task-0',
  rows: 3,
  created: 1,
  updated: 0,
  unchanged: 0,
  failed: 2,
  preview: { columns: ['title', 'date'], rows: [['Heron', '2026-03-01']] },
  report: [
    { line: 4, field: 'colour', reason: 'errors.import.unknownColumn' },
    { line: 3, field: 'date', reason: 'errors.invalidDate' },
    { line: 2, field: '', reason: 'errors.notAllowed' },
  ],
};

async function openImport(user: Partial<UserSession>, item: SeededItem = done) {
  const app = renderApp({ path: '/i-Import-3', signedIn: true, user });
  app.server.seedItems(item);
  app.server.handlers.set('act/isAllowed', (frame: Frame) =>
    Object.fromEntries(((frame.b as { actions?: string[] })?.actions ?? ['update']).map((a) => [a, !!user.admin])),
  );
  const panel = (await screen.findByRole('heading', { name: 'Import a file' }, { timeout: 5000 })).closest('section')!;
  return { ...app, panel };
}

describe('the Import screen', () => {
  it('shows the outcome and every problem as labels, sorted by line, and no key or id', async () => {
    const { panel } = await openImport({ $id: 'User-1', admin: true });
    expect(within(panel).getByTestId('import-outcome')).toHaveTextContent(
      'Done: 3 rows read; 1 created, 0 updated, 0 unchanged; 2 with problems.',
    );
    const rows = within(within(panel).getByRole('table', { name: '3 problems' }))
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'LineColumnProblem',
      '2The whole rowYou may not do this.',
      '3DateEnter a real date, no later than 31-Dec-2261.',
      '4colourThis column is not one this import reads.',
    ]);
    expect(within(panel).getByLabelText('What it imports')).toHaveDisplayValue('Journal entries');
    expect(screen.queryByText('JOURNAL_ENTRIES')).toBeNull();
    expect(screen.queryByText('task-0')).toBeNull();
    expect(screen.queryByText(/errors\./)).toBeNull();
  });

  it('saves a chosen kind, and starts the import with a progress bar and Stop', async () => {
    const user = userEvent.setup();
    const h = await openImport({ $id: 'User-1', admin: true }, { ...done, kind: undefined, status: 'NEW', report: undefined });
    await user.selectOptions(within(h.panel).getByLabelText('What it imports'), 'Journal entries');
    await waitFor(() =>
      expect(h.server.received.some((f) => f.o === 'update' && (f.b as { kind?: string }).kind === 'JOURNAL_ENTRIES')).toBe(true),
    );
    h.server.handlers.set('act/import/async', () => ({ key: 'task-1', started: '2026-04-22T10:00:00.000Z', percentageComplete: 0 }));
    await user.click(within(h.panel).getByRole('button', { name: 'Import' }));
    await within(h.panel).findByRole('progressbar', { name: 'Progress' });
    expect(h.server.received.find((f) => f.o === 'act/import/async')?.b).toEqual({ importId: 'Import-3', dryRun: false });
    act(() => h.server.push({ o: 'taskUpdate', b: { key: 'task-1', started: '2026-04-22T10:00:00.000Z', percentageComplete: 40 } }));
    await within(h.panel).findByText('40%');
    expect(within(h.panel).getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    act(() => h.server.push({ o: 'taskComplete', b: { key: 'task-1', started: '2026-04-22T10:00:00.000Z', percentageComplete: 100 } }));
    await waitFor(() => expect(within(h.panel).queryByRole('progressbar', { name: 'Progress' })).toBeNull());
  });

  it('offers nothing to change to someone who may not change the Import, and names its kind', async () => {
    const { panel } = await openImport({ $id: 'User-2', admin: false });
    await within(panel).findByText('What it imports: Journal entries');
    expect(within(panel).queryByRole('combobox')).toBeNull();
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(within(panel).getByRole('table', { name: '3 problems' })).toBeInTheDocument();
  });
});
