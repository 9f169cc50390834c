/**
 * A file is not a thing a person creates on its own (issue 16): `/i-Attachment-0` says where files
 * are added, to administrators too, with no form and no question to the server.
 */
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Frame } from '../../src/shared/protocol';
import { cleanUpApps, renderApp } from './support/renderApp';

configure({ asyncUtilTimeout: 5000 });

afterEach(cleanUpApps);

describe('the address of a new attachment', () => {
  it.each([
    ['a member', {}],
    ['an administrator', { admin: true }],
  ])('tells %s that files are added on the item they belong to, with a way back', async (_who, user) => {
    const u = userEvent.setup();
    const h = renderApp({ path: '/i-Attachment-0', signedIn: true, user });
    const notice = await screen.findByTestId('attachment-on-item');
    expect(within(notice).getByRole('heading', { level: 3 })).toHaveTextContent('Files are added on the item they belong to');
    expect(notice).toHaveTextContent('add it with “Add a file” in its Files field, or drop it there');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByText('New attachment')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(h.server.received.filter((f: Frame) => f.o === 'act/isAllowed')).toEqual([]);
    await u.click(within(notice).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByTestId('attachment-on-item')).not.toBeInTheDocument();
  });
});
