/** The user's tab as the agent's console draws it (issue 18): read-only without control; under control, the address, a listed line and a form field become commands. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LiveView } from '../../src/modules/assist/liveView';
import { LivePicture } from '../../src/modules/assist/ui/LivePicture';
import { assistMessages } from '../../src/modules/assist/ui/messages';
import { withProviders } from './support/renderItemScreen';

const view: LiveView = {
  path: '/v-search/i-Contact-3-edit',
  cells: [
    {
      key: 'v-search',
      title: 'Search',
      typeLabel: null,
      mode: 'view',
      fields: [],
      lines: [
        { label: 'Grace Hopper', segment: 'i-Contact-3' },
        { label: 'Alan Turing', segment: 'i-Contact-4' },
      ],
    },
    {
      key: 'i-Contact-3-edit',
      title: 'Grace Hopper',
      typeLabel: 'Contact',
      mode: 'edit',
      fields: [
        { name: 'firstName', label: 'First name', value: 'Grace', fillable: true },
        { name: 'organizations', label: 'Organisations', value: 'Riverbend Council' },
      ],
      lines: [],
    },
  ],
  focus: { cellKey: 'i-Contact-3-edit', label: 'First name' },
  scrollY: 0,
  hidden: false,
};

const draw = (onCommand: ((c: unknown) => void) | null) =>
  render(withProviders(<LivePicture view={view} onCommand={onCommand} />, undefined, { ...assistMessages }));

describe('LivePicture', () => {
  it("draws the user's address, columns, labels, values and focused field, read-only without control", () => {
    draw(null);
    expect(screen.getByLabelText('Address')).toHaveValue('/v-search/i-Contact-3-edit');
    expect(screen.getByLabelText('Address')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Go' })).toBeNull();
    expect(screen.getByText('Typing in: First name')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('Contact · editing')).toBeInTheDocument();
    expect(screen.getByText('Grace')).toBeInTheDocument();
    expect(screen.getByText('Riverbend Council')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Alan Turing' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'First name' })).toBeNull();
  });

  it('under control: the address, a listed line and a plain field are sent as commands', async () => {
    const commands: unknown[] = [];
    draw((c) => commands.push(c));
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Address'));
    await user.type(screen.getByLabelText('Address'), '/i-Contact-4');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await user.click(screen.getByRole('button', { name: 'Alan Turing' }));
    const first = screen.getByRole('textbox', { name: 'First name' });
    await user.type(first, ' B.{Enter}');
    // A relation is not typed in: it stays as the user sees it.
    expect(screen.queryByRole('textbox', { name: 'Organisations' })).toBeNull();
    expect(commands).toEqual([
      { type: 'navigate', path: '/i-Contact-4' },
      { type: 'open', fromKey: 'v-search', segment: 'i-Contact-4' },
      { type: 'fill', cellKey: 'i-Contact-3-edit', name: 'firstName', value: 'Grace B.' },
    ]);
  });
});
