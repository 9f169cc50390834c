import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Frame } from '../../src/shared/protocol';
import type { ProtocolServer } from './support/protocolServer';
import { cleanUpApps, renderApp } from './support/renderApp';

afterEach(cleanUpApps);

const entry = (i: number, version: string, title: string, body = '<p>Details.</p>') => ({
  $id: `WhatsNew-${i}`,
  _t: 'WhatsNew',
  _u: 1,
  _c: { ts: '2026-03-0' + String(i) + 'T10:00:00Z', by: 'User-9' },
  version,
  locale: 'en',
  title,
  body,
});

/** Serves the what's-new list and the user's own User item, with `update` checking `_u` as the server does. */
function serveWhatsNew(server: ProtocolServer, entries: unknown[], seen?: string) {
  let user: Record<string, unknown> = { $id: 'User-1', _t: 'User', _u: 3, name: 'Ada Lovelace', ...(seen ? { whatsNewSeen: seen } : {}) };
  server.handlers.set('act/whatsNew', () => entries);
  server.handlers.set('read/User-1', () => user);
  const updates: unknown[] = [];
  server.handlers.set('update', (frame: Frame) => {
    const body = frame.b as Record<string, unknown>;
    updates.push(body);
    user = { ...user, ...body, _u: Number(user._u) + 1 };
    return user;
  });
  return { updates };
}

describe("what's new", () => {
  it('counts unseen entries on the help menu, lists them by version and clears the count once seen', async () => {
    const user = userEvent.setup();
    const h = renderApp({ signedIn: true });
    const { updates } = serveWhatsNew(
      h.server,
      [
        entry(3, 'v1.3.0', 'Maps in lists'),
        entry(2, 'v1.3.0', 'Faster search', '<p>Search is <strong>faster</strong>.</p><script>alert(1)</script>'),
        entry(1, 'v1.2.0', 'Old news'),
      ],
      'v1.2.0',
    );

    const help = await screen.findByRole('button', { name: 'Help, 2 new' });
    await user.click(help);
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: "What's new (2)" }));

    expect(await screen.findByRole('heading', { level: 1, name: "What's new" })).toBeInTheDocument();
    const newest = screen.getByRole('region', { name: 'Version v1.3.0' });
    expect(
      within(newest)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Maps in lists', 'Faster search']);
    expect(within(newest).getByText('faster').tagName).toBe('STRONG');
    expect(newest.querySelector('script')).toBeNull();
    expect(within(newest).getAllByText(/^Published /)[0]).toHaveTextContent('Published Mar 3, 2026');
    expect(screen.getByRole('region', { name: 'Version v1.2.0' })).toHaveTextContent('Old news');

    await waitFor(() => expect(updates).toEqual([{ $id: 'User-1', _u: 3, whatsNewSeen: 'v1.3.0' }]));
    expect(await screen.findByRole('button', { name: 'Help' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/whats-new');
  });

  it("counts unseen entries on the docs menu's What's new entry in the navigation drawer", async () => {
    const user = userEvent.setup();
    const h = renderApp({ signedIn: true });
    serveWhatsNew(h.server, [entry(2, 'v1.3.0', 'Maps in lists'), entry(1, 'v1.2.0', 'Old news')], 'v1.2.0');
    await screen.findByRole('button', { name: 'Help, 1 new' });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const help = await screen.findByRole('region', { name: 'Help and legal' });
    await user.click(within(help).getByRole('link', { name: "What's new (1)" }));
    expect(await screen.findByRole('heading', { level: 1, name: "What's new" })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    expect(
      within(await screen.findByRole('region', { name: 'Help and legal' })).getByRole('link', { name: "What's new" }),
    ).toBeInTheDocument();
  });

  it('shows no count when every entry was seen, and says so when there is nothing', async () => {
    const h = renderApp({ signedIn: true, path: '/whats-new' });
    const { updates } = serveWhatsNew(h.server, []);
    expect(await screen.findByText('Nothing new to report yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Help' })).toBeInTheDocument();
    expect(updates).toEqual([]);
  });

  it('asks a signed-out visitor to sign in, with a way back to the page', async () => {
    renderApp({ path: '/whats-new' });
    expect(await screen.findByText("Sign in to see what's new.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in?next=%2Fwhats-new');
  });
});
