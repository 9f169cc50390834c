import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Frame } from '../../src/shared/protocol';
import { cleanUpApps, renderApp } from './support/renderApp';
import { ReplyRefusal } from './support/protocolServer';

/** Columns side by side: a medium or larger screen with multi-column mode on. */
beforeEach(() => {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }),
  });
  window.localStorage.setItem('kk-prefs', JSON.stringify({ v: 1, prefs: { multiColumns: true } }));
});
afterEach(() => {
  cleanUpApps();
  Reflect.deleteProperty(window, 'matchMedia');
});

const searches = (frames: Frame[]) => frames.filter((f) => f.o === 'search/ids').map((f) => f.b);

describe('my organisations and my contacts', () => {
  it('lists every organisation for an administrator; an entry and New organisation open next to the list', async () => {
    const h = renderApp({ signedIn: true, path: '/my-organizations', user: { admin: true } });
    h.server.handlers.set('search/ids', () => ({
      ids: ['Organization-2', 'Organization-5'],
      labels: { 'Organization-2': 'Coastal Mining', 'Organization-5': 'Riverbend Nation' },
      total: 2,
    }));
    const list = await screen.findByRole('list', { name: 'My organisations' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Coastal Mining', 'Riverbend Nation']);
    expect(searches(h.server.received)[0]).toMatchObject({ must: { _: 'Organization' }, labels: true });
    expect(searches(h.server.received)[0]).not.toHaveProperty('ids');
    await userEvent.click(within(list).getByRole('link', { name: 'Riverbend Nation' }));
    await waitFor(() => expect(window.location.pathname).toBe('/my-organizations/i-Organization-5'));
    // The entry shown in the next column is marked as open.
    await waitFor(() => expect(within(list).getByRole('link', { name: 'Riverbend Nation' })).toHaveAttribute('data-variant', 'open'));
    await userEvent.click(screen.getByRole('button', { name: 'New organisation' }));
    await waitFor(() => expect(window.location.pathname).toBe('/my-organizations/i-Organization-0'));
  });

  it("lists a member's own organisations, without New organisation; nobody's organisations is an empty state", async () => {
    const h = renderApp({ signedIn: true, path: '/my-organizations', user: { organizations: { 'Organization-2': { write: true } } } });
    h.server.handlers.set('search/ids', () => ({ ids: ['Organization-2'], labels: { 'Organization-2': 'Coastal Mining' }, total: 1 }));
    await screen.findByRole('link', { name: 'Coastal Mining' });
    expect(searches(h.server.received)[0]).toMatchObject({ must: { _: 'Organization' }, ids: ['Organization-2'] });
    expect(screen.queryByRole('button', { name: 'New organisation' })).not.toBeInTheDocument();
    cleanUpApps();

    const lone = renderApp({ signedIn: true, path: '/my-organizations' });
    expect(await screen.findByText('No organisations to show.')).toBeInTheDocument();
    expect(searches(lone.server.received)).toEqual([]);
  });

  it("lists the contacts of the member's organisations; New contact opens the create screen next to them", async () => {
    const h = renderApp({ signedIn: true, path: '/my-contacts', user: { organizations: { 'Organization-2': {} } } });
    h.server.handlers.set('search/ids', () => ({ ids: ['Contact-3'], labels: { 'Contact-3': 'Nora Invited' }, total: 1 }));
    await screen.findByRole('link', { name: /Nora Invited/ });
    expect(searches(h.server.received)[0]).toMatchObject({ must: { _: 'Contact', 'ft-_related': ['Organization-2'] } });
    await userEvent.click(screen.getByRole('button', { name: 'New contact' }));
    await waitFor(() => expect(window.location.pathname).toBe('/my-contacts/i-Contact-0'));
  });

  it('offers New contact only to administrators where the site keeps contact creation to them', async () => {
    const h = renderApp({
      signedIn: true,
      path: '/my-contacts',
      user: { organizations: { 'Organization-2': {} } },
      contactCreationAdminsOnly: true,
    });
    h.server.handlers.set('search/ids', () => ({ ids: ['Contact-3'], labels: { 'Contact-3': 'Nora Invited' }, total: 1 }));
    await screen.findByRole('link', { name: /Nora Invited/ });
    expect(screen.queryByRole('button', { name: 'New contact' })).not.toBeInTheDocument();
    cleanUpApps();

    const admin = renderApp({ signedIn: true, path: '/my-contacts', user: { admin: true }, contactCreationAdminsOnly: true });
    admin.server.handlers.set('search/ids', () => ({ ids: [], labels: {}, total: 0 }));
    expect(await screen.findByRole('button', { name: 'New contact' })).toBeInTheDocument();
  });

  it('says why the listing failed', async () => {
    const h = renderApp({ signedIn: true, path: '/my-contacts', user: { admin: true } });
    h.server.handlers.set('search/ids', () => {
      throw new ReplyRefusal('notAllowed');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not do this.');
  });
});
