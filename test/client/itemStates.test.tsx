/**
 * The item screen of a type with a state chart (docs/modules.md "States only the server changes"):
 * the example journal entry shows its state by its label and a button for exactly the transitions the
 * signed-in user may take now; a press sends `transition/{id}` through the request helper, the moved
 * item shows the next state's buttons, and a refusal is shown with its message.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserSession } from '../../src/shared/protocol';
import type { SeededItem } from './support/protocolServer';
import { cleanUpApps, renderApp } from './support/renderApp';

jest.mock('../../src/modules', () => jest.requireActual('../support/exampleModule/withJournal').modelsWithJournal());
jest.mock('../../src/modules/client', () => jest.requireActual('../support/exampleModule/withJournal').clientsWithJournal());

afterEach(cleanUpApps);

const AUTHOR = 'User-5';
const entry = (state: string, u = 2): SeededItem => ({
  $id: 'JournalEntry-3',
  _t: 'JournalEntry',
  _i: 3,
  _u: u,
  _c: { ts: '2026-04-22T10:00:00.000Z', by: AUTHOR },
  $access: 'COMMUNITY',
  $labels: { 'JournalEntry-3': 'Swans back' },
  title: 'Swans back',
  date: '2026-04-22',
  state,
});

/** The entry's screen for `user`, once its state shows; answers the panel's section and the names of its buttons. */
async function openEntry(state: string, user: Partial<UserSession>) {
  const app = renderApp({ path: '/i-JournalEntry-3', signedIn: true, user });
  app.server.seedItems(entry(state));
  const shown = await screen.findByTestId('item-state', {}, { timeout: 5000 });
  const panel = shown.closest('section')!;
  const buttons = () =>
    within(panel)
      .queryAllByRole('button')
      .map((b) => b.textContent);
  return { ...app, shown, panel, buttons };
}

describe('the state panel of an item with a state chart', () => {
  it('offers the author of a draft only Submit, sends it, and then offers only Withdraw', async () => {
    const user = userEvent.setup();
    const h = await openEntry('DRAFT', { $id: AUTHOR, capabilities: {} });
    expect(h.shown).toHaveTextContent('Draft');
    expect(h.buttons()).toEqual(['Submit']);
    h.server.handlers.set('transition/JournalEntry-3', (frame) => {
      expect(frame.b).toEqual({ event: 'entry.submit', _u: 2 });
      return entry('SUBMITTED', 3);
    });
    await user.click(within(h.panel).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByTestId('item-state')).toHaveTextContent('Submitted'));
    expect(h.buttons()).toEqual(['Withdraw']);
    expect(h.server.received.filter((f) => f.o === 'transition/JournalEntry-3')).toHaveLength(1);
  });

  it('offers a holder of Research who did not write it only Publish', async () => {
    const editor = await openEntry('SUBMITTED', { $id: 'User-6', capabilities: { Research: true } });
    expect(editor.shown).toHaveTextContent('Submitted');
    expect(editor.buttons()).toEqual(['Publish']);
  });

  it('offers someone else nothing, and shows them the state by its label, once', async () => {
    const stranger = await openEntry('SUBMITTED', { $id: 'User-7', capabilities: {} });
    expect(stranger.buttons()).toEqual([]);
    expect(stranger.shown).toHaveTextContent('Submitted');
    expect(screen.queryAllByText('Submitted')).toHaveLength(1);
  });

  it('shows a refusal with its message until it is read, the state unchanged', async () => {
    const user = userEvent.setup();
    const h = await openEntry('SUBMITTED', { $id: 'User-6', capabilities: { Research: true } });
    h.server.failures.set('transition/JournalEntry-3', { userMessage: 'transitionNotAllowed', sysMessage: 'moved on' });
    await user.click(within(h.panel).getByRole('button', { name: 'Publish' }));
    const alert = await within(h.panel).findByRole('alert');
    expect(alert).toHaveTextContent('This step cannot be taken now');
    expect(h.shown).toHaveTextContent('Submitted');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(within(h.panel).queryByRole('alert')).toBeNull();
  });
});
