import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cleanUpApps, renderApp } from './support/renderApp';

afterEach(cleanUpApps);

const column = () => screen.getByRole('region', { name: 'Page not found' });

describe('an address that names nothing', () => {
  it('shows the not-found column with the address, the warning and a way home that works', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/i-Contact-1-2-3-4', signedIn: true });
    expect(await screen.findByRole('heading', { level: 3, name: 'Page not found' })).toBeInTheDocument();
    expect(within(column()).getByRole('heading', { level: 2 })).toHaveTextContent('Page not found');
    expect(within(column()).getByTestId('not-found-address')).toHaveTextContent('/i-Contact-1-2-3-4');
    expect(within(column()).getByText('This address is not valid: i-Contact-1-2-3-4')).toBeInTheDocument();
    // No toast over it: the column says it.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(column()).getByRole('link', { name: 'Go to the home page' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('keeps the valid columns before the bad segment, and the route locale on the way home', async () => {
    renderApp({ path: '/search/nowhere', signedIn: true });
    expect(await screen.findByRole('heading', { level: 3, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getAllByRole('region', { hidden: true }).map((r) => r.getAttribute('data-cell'))).toEqual(['v-search', 'v-not-found']);
    cleanUpApps();
    renderApp({ path: '/no-such-view?lang=fr', signedIn: true });
    expect(await screen.findByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/?lang=fr');
  });
});
