/**
 * The example journal's entry wizard in the running app (docs/modules.md "Step wizards"): the step and
 * the furthest reached in the column's route parameter, a step that does not pass stays with its
 * field's message, Back keeps what was entered, what is not saved comes back after a reload, Save draft
 * creates the entry and goes on in its wizard, Finish saves and opens the entry.
 */
import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { wizardEntry, wizardStoreKey } from '../../machines/wizard/wizardStore';
import { cleanUpApps, renderApp } from './support/renderApp';

jest.mock('../../src/modules', () => jest.requireActual('../support/exampleModule/withJournal').modelsWithJournal());
jest.mock('../../src/modules/client', () => jest.requireActual('../support/exampleModule/withJournal').clientsWithJournal());

afterEach(() => {
  cleanUpApps();
  window.sessionStorage.clear();
});

const cellOf = async (key: string): Promise<HTMLElement> => {
  await waitFor(() => expect(document.querySelector(`section[data-cell="${key}"]`)).not.toBeNull());
  return document.querySelector<HTMLElement>(`section[data-cell="${key}"]`)!;
};
const param = (): string | null => new URLSearchParams(window.location.search).get('c0');
const creates = (h: { server: { received: { o: string; b?: unknown }[] } }) =>
  h.server.received.filter((f) => f.o === 'create/JournalEntry').map((f) => f.b);

describe('the journal entry wizard', () => {
  it('keeps its step in c0, refuses an invalid step with its message, and Back keeps what was entered', async () => {
    const user = userEvent.setup();
    const h = renderApp({ path: '/i-JournalEntry-0', signedIn: true, user: { admin: true } });
    h.server.seedItems();
    const cell = within(await cellOf('i-JournalEntry-0'));
    const steps = await cell.findByRole('navigation', { name: 'Steps' });
    expect(within(steps).getByText('What and when').closest('[aria-current]')).toHaveAttribute('aria-current', 'step');
    await waitFor(() => expect(param()).toBe('1'));

    await user.click(cell.getByRole('button', { name: 'Next' }));
    // Both fields of the step say why; nothing moves.
    expect(await cell.findAllByText('This is required.')).toHaveLength(2);
    expect(cell.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(param()).toBe('1');

    await user.type(cell.getByLabelText('Title'), 'Geese on the river');
    fireEvent.change(cell.getByLabelText('Date'), { target: { value: '2026-03-02' } });
    await user.click(cell.getByRole('button', { name: 'Next' }));
    await cell.findByRole('heading', { name: 'Notes' });
    await waitFor(() => expect(param()).toBe('2'));

    await user.click(cell.getByRole('button', { name: 'Back' }));
    expect(await cell.findByLabelText('Title')).toHaveValue('Geese on the river');
    await waitFor(() => expect(param()).toBe('1-2'));
    // A reached step is chosen in the header.
    await user.click(within(steps).getByRole('button', { name: /Notes/ }));
    await cell.findByRole('heading', { name: 'Notes' });
    await waitFor(() => expect(param()).toBe('2'));
    expect(creates(h)).toEqual([]);
  });

  it('saves a draft at step 2 as a real entry and goes on in its wizard; Finish saves it and opens the entry', async () => {
    const user = userEvent.setup();
    const h = renderApp({ path: '/i-JournalEntry-0?c0=1', signedIn: true, user: { admin: true } });
    h.server.seedItems();
    let cell = within(await cellOf('i-JournalEntry-0'));
    await user.type(await cell.findByLabelText('Title'), 'Geese on the river');
    fireEvent.change(cell.getByLabelText('Date'), { target: { value: '2026-03-02' } });
    await user.click(cell.getByRole('button', { name: 'Next' }));
    const notes = await cell.findByRole('textbox', { name: 'Notes' });
    notes.innerHTML = 'Forty geese, flying north';
    fireEvent.input(notes);
    await user.click(cell.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(window.location.pathname).toBe('/i-JournalEntry-1-edit'));
    expect(param()).toBe('2');
    expect(creates(h)).toEqual([{ title: 'Geese on the river', date: '2026-03-02', notes: 'Forty geese, flying north' }]);
    cell = within(await cellOf('i-JournalEntry-1-edit'));
    expect(await cell.findByRole('textbox', { name: 'Notes' })).toHaveTextContent('Forty geese, flying north');
    // Nothing unsaved is kept once the draft is saved.
    expect(window.sessionStorage.getItem(wizardStoreKey(h.user.$id, 'JournalEntry-0'))).toBeNull();

    await user.click(cell.getByRole('button', { name: 'Next' }));
    // The last step reviews the others, each with a way back to it.
    const review = within(await cell.findByRole('region', { name: 'Review what you entered' }));
    expect(review.getByText('Geese on the river')).toBeInTheDocument();
    expect(review.getByText('Forty geese, flying north')).toBeInTheDocument();
    expect(review.getByRole('button', { name: 'Change Notes' })).toBeInTheDocument();
    await user.click(await cell.findByLabelText('Only for me'));
    await user.click(cell.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(window.location.pathname).toBe('/i-JournalEntry-1'));
    expect(param()).toBeNull();
    // Only what changed since the draft, with the _u the create answered.
    expect(h.server.received.filter((f) => f.o === 'update').map((f) => f.b)).toEqual([{ $id: 'JournalEntry-1', _u: 0, private: true }]);
  });

  it('after a reload resumes at the step of its address with what was entered and not saved', async () => {
    const user = userEvent.setup();
    window.sessionStorage.setItem(
      wizardStoreKey('User-1', 'JournalEntry-0'),
      wizardEntry({ title: 'Swans at dawn', date: '2026-03-01', notes: 'Two swans' }),
    );
    const h = renderApp({ path: '/i-JournalEntry-0?c0=2-3', signedIn: true, user: { admin: true, $id: 'User-1' } });
    h.server.seedItems();
    const cell = within(await cellOf('i-JournalEntry-0'));
    expect(await cell.findByRole('textbox', { name: 'Notes' })).toHaveTextContent('Two swans');
    await user.click(cell.getByRole('button', { name: 'Back' }));
    expect(await cell.findByLabelText('Title')).toHaveValue('Swans at dawn');
    // Unsaved: the column says so, and the entry stays kept.
    expect(cell.getByRole('button', { name: 'Save draft' })).toBeEnabled();
    expect(window.sessionStorage.getItem(wizardStoreKey('User-1', 'JournalEntry-0'))).toContain('Swans at dawn');
  });

  it('never resumes past a step that does not pass, whatever the address says', async () => {
    const h = renderApp({ path: '/i-JournalEntry-0?c0=3', signedIn: true, user: { admin: true } });
    h.server.seedItems();
    const cell = within(await cellOf('i-JournalEntry-0'));
    expect(await cell.findByRole('heading', { name: 'What and when' })).toBeInTheDocument();
    await waitFor(() => expect(param()).toBe('1-3'));
  });
});
