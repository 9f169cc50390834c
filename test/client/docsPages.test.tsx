import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cleanUpApps, renderApp } from './support/renderApp';

afterEach(cleanUpApps);

describe('docs and legal pages', () => {
  it('lists the help topics at /docs and shows one at /docs/{key}, open to visitors', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/docs' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Documentation' })).toBeInTheDocument();
    const topics = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(topics).toEqual(['Signing in', 'Columns', 'Editing items', 'Searching', 'Notifications']);
    await user.click(screen.getByRole('link', { name: 'Searching' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Searching' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/docs/searching');
    expect(screen.getByRole('article')).toHaveTextContent('Save search keeps the criteria');
    await user.click(screen.getByRole('link', { name: 'All help topics' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Documentation' })).toBeInTheDocument();
  });

  it('says so for an unknown topic', async () => {
    renderApp({ path: '/docs/nothing-here' });
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no help topic “nothing-here”.');
  });

  it('lets a site override a topic through its locale overrides', async () => {
    renderApp({ path: '/docs/columns', overrides: { 'docs.columns.body': 'Our own words about columns.' } });
    expect(await screen.findByText('Our own words about columns.')).toBeInTheDocument();
  });

  it('shows the privacy policy with the #cookies section naming what the browser keeps', async () => {
    renderApp({ path: '/privacy-policy#cookies' });
    const cookies = await screen.findByRole('region', { name: 'Cookies and browser storage' });
    expect(cookies.id).toBe('cookies');
    for (const kept of ['sign-in token', 'display preferences', 'accepted this notice', 'system alerts you dismissed'])
      expect(cookies).toHaveTextContent(kept);
  });

  it('shows the terms to visitors', async () => {
    renderApp({ path: '/terms' });
    expect(await screen.findByText(/you agree to use it for its purpose/)).toBeInTheDocument();
  });

  it('sends a visitor from the imprint to sign in', async () => {
    renderApp({ path: '/imprint' });
    await waitFor(() => expect(window.location.pathname).toBe('/sign-in'));
  });

  it('shows the imprint with the site name to a signed-in user', async () => {
    renderApp({ path: '/imprint', signedIn: true });
    const main = await screen.findByRole('main');
    expect(await within(main).findByText(/^This site is /)).toBeInTheDocument();
  });
});
