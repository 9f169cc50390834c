/** The help menu's support request opens the live-assist widget (issue 18), loaded as a chunk of its own. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AssistSystemId } from '../../machines/assist/assistSystemIds';
import { cleanUpApps, renderApp } from './support/renderApp';

afterEach(cleanUpApps);

const openSupport = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: /help/i }));
  const menu = await screen.findByRole('menu');
  await user.click(within(menu).getByRole('menuitem', { name: 'Support request' }));
};

describe('the support request', () => {
  it("opens the live-assist widget pre-identified with the user's name and e-mail; nothing runs until help is asked", async () => {
    const user = userEvent.setup();
    const h = renderApp({ signedIn: true });
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    const assist = h.session.system.get(AssistSystemId.assist) as { getSnapshot(): { value: unknown; children: object } };
    expect(assist.getSnapshot().value).toBe('Idle');
    expect(Object.keys(assist.getSnapshot().children)).toEqual([]);
    await openSupport(user);
    const widget = await screen.findByRole('dialog', { name: 'Live help' });
    expect(widget).toHaveTextContent('You: Ada Lovelace (ada@example.org)');
    expect(within(widget).getByRole('button', { name: 'Ask for help' })).toBeInTheDocument();
    await user.click(within(widget).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Live help' })).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in first', async () => {
    const user = userEvent.setup();
    renderApp({ signedIn: false });
    await openSupport(user);
    expect(await screen.findByRole('dialog', { name: 'Live help' })).toHaveTextContent('Please sign in first');
  });
});
