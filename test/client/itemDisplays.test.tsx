import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Avatar } from '../../src/client/items/display/Avatar';
import { LabelChip } from '../../src/client/items/display/LabelChip';
import { ListItem } from '../../src/client/items/display/ListItem';
import { VisibilityBadge } from '../../src/client/items/display/VisibilityBadge';
import { cleanUpApps, renderApp } from './support/renderApp';
import { buildContact, renderInSession } from './support/renderInSession';

// The socket handshake and the reads take longer than the default second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(cleanUpApps);

function setUp(node: React.ReactNode) {
  const user = userEvent.setup();
  const h = renderApp({ signedIn: true, path: '/' });
  const view = renderInSession(h, node);
  return { h, user, view, in: within(view.container) };
}

describe('item displays', () => {
  it('shows a list item with the type listItem title and subtitle, an avatar for people, linking to the item', () => {
    const t = setUp(<ListItem item={buildContact(3)} />);
    const link = t.in.getByRole('link', { name: /Smith/ });
    expect(link).toHaveAttribute('href', '/i-Contact-3');
    // Contact's listItem: titled by its label (first and last name), subtitle email.
    expect(link).toHaveTextContent('Ann Smith');
    expect(link).toHaveTextContent('ann@example.org');
    const avatar = within(link).getByTestId('avatar');
    expect(avatar).toHaveTextContent('S');
    expect(avatar).toHaveStyle({ width: '36px', height: '36px' });
    expect(link).not.toHaveTextContent('Deleted');
  });

  it("shows a subtitle as a person reads it: an option's label, never its key", () => {
    const org = {
      $id: 'Organization-2',
      _t: 'Organization',
      _i: 2,
      _u: 1,
      _c: { ts: '2024-05-01T10:00:00Z', by: 'User-1' },
      $access: 'COMMUNITY' as const,
      $labels: { 'Organization-2': 'Ministry of Lands' },
      displayName: 'Ministry of Lands',
      type: 'GOVERNMENT',
    };
    const t = setUp(<ListItem item={org} />);
    const link = t.in.getByRole('link', { name: /Ministry of Lands/ });
    expect(link).toHaveTextContent('Government');
    expect(link).not.toHaveTextContent('GOVERNMENT');
  });

  it('gives each pill variant its look and marks the current ones for assistive technology', () => {
    const item = buildContact(3);
    const t = setUp(
      <ul>
        {(['default', 'open', 'active', 'exact'] as const).map((variant) => (
          <li key={variant}>
            <ListItem item={item} variant={variant} />
          </li>
        ))}
      </ul>,
    );
    const links = t.in.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual([null, null, 'true', 'page']);
    expect(new Set(links.map((link) => link.className)).size).toBe(4);
  });

  it('marks a deleted item', () => {
    const t = setUp(<ListItem item={buildContact(3, { $deleted: true })} />);
    expect(t.in.getByRole('link')).toHaveTextContent('Deleted');
  });

  it('follows a label chip in this tab, and opens a new tab on a modifier or middle click', async () => {
    const t = setUp(<LabelChip id="Contact-3" label="Ann Smith" />);
    const chip = t.in.getByRole('link', { name: 'Ann Smith' });
    expect(chip).toHaveAttribute('href', '/i-Contact-3');
    fireEvent.click(chip, { ctrlKey: true });
    expect(t.h.effects.openTab).toHaveBeenLastCalledWith('/i-Contact-3');
    fireEvent(chip, new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }));
    expect(t.h.effects.openTab).toHaveBeenCalledTimes(2);
    expect(window.location.pathname).toBe('/');
    await t.user.click(chip);
    await waitFor(() => expect(window.location.pathname).toBe('/i-Contact-3'));
    expect(t.h.effects.openTab).toHaveBeenCalledTimes(2);
  });

  it('names an item whose label is not known (the reader may not read it) by its type, never by its id', () => {
    const t = setUp(<LabelChip id="Contact-9" />);
    expect(t.in.getByText('Contact (not shown to you)')).toBeInTheDocument();
    expect(t.in.queryByRole('link')).toBeNull();
    expect(t.view.container).not.toHaveTextContent('Contact-9');
  });

  it('highlights every display of the hovered item, longer ids cut to their first two parts', async () => {
    const t = setUp(
      <div>
        <ListItem item={buildContact(3)} />
        <LabelChip id="Contact-3-17" label="Ann in a meeting" />
        <LabelChip id="User-1" label="Ada Lovelace" />
      </div>,
    );
    const list = t.in.getByRole('link', { name: /Smith/ });
    const context = t.in.getByRole('link', { name: 'Ann in a meeting' });
    const other = t.in.getByRole('link', { name: 'Ada Lovelace' });
    const lit = () => [list, context, other].map((el) => el.getAttribute('data-highlighted'));
    expect(lit()).toEqual(['false', 'false', 'false']);
    await t.user.hover(context);
    expect(lit()).toEqual(['true', 'true', 'false']);
    await t.user.hover(other);
    expect(lit()).toEqual(['false', 'false', 'true']);
    await t.user.unhover(other);
    expect(lit()).toEqual(['false', 'false', 'false']);
  });

  it('draws avatars at the size asked, with initials of the first and last word', () => {
    const t = setUp(
      <>
        <Avatar id="User-1" name="Ada King Lovelace" />
        <Avatar id="User-2" name="ada" size={24} />
      </>,
    );
    const [first, second] = t.in.getAllByTestId('avatar');
    expect(first).toHaveTextContent('AL');
    expect(second).toHaveTextContent('A');
    expect(second).toHaveStyle({ width: '24px' });
    expect(first!.style.backgroundColor).not.toBe(second!.style.backgroundColor);
  });

  it('names every visibility level, each with its own colour', () => {
    const t = setUp(
      <>
        {(['PUBLIC', 'COMMUNITY', 'PROTECTED', 'PRIVATE'] as const).map((level) => (
          <VisibilityBadge key={level} visibility={level} />
        ))}
        <VisibilityBadge visibility="PRIVATE" compact />
      </>,
    );
    const badges = [...t.view.container.querySelectorAll('[data-visibility]')];
    expect(badges.map((badge) => badge.textContent)).toEqual(['Public', 'Community', 'Protected', 'Private', '']);
    expect(new Set(badges.slice(0, 4).map((badge) => badge.className)).size).toBe(4);
    expect(t.in.getByRole('img', { name: 'Private' })).toBeInTheDocument();
    expect(screen.getAllByTitle('Public')).toHaveLength(1);
  });
});
