import { fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HtmField } from '../../../src/client/items/fields/HtmField';
import { CommLogType } from '../../../src/modules/orgs/model';
import { cleanUpApps } from '../support/renderApp';
import { buildFieldItem, inField, renderField } from '../support/renderField';

const execCommand = jest.fn<boolean, [string, boolean?, string?]>(() => true);
beforeEach(() => {
  execCommand.mockClear();
  // jsdom has no editing commands; the test plays the browser's part where it needs to.
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
});
afterEach(cleanUpApps);

const item = buildFieldItem('CommLog');

describe('HTM field', () => {
  test('shows rich text through the allow-list', async () => {
    const h = await renderField('show', {
      kind: HtmField,
      type: CommLogType,
      name: 'notes',
      item,
      value: '<p>Met <strong>Mary</strong><img src=x onerror="alert(1)"></p><a href="javascript:alert(1)">x</a>',
    });
    const p = inField(h).getByText(/Met/);
    expect(p.innerHTML).toBe('Met <strong>Mary</strong>');
    expect(h.field.querySelector('img')).toBeNull();
    expect(h.field.querySelector('a')!.getAttribute('href')).toBeNull();
  });

  test('the editor reports sanitised HTML as it changes', async () => {
    const h = await renderField('edit', { kind: HtmField, type: CommLogType, name: 'notes', item, value: '<p>Start</p>' });
    const editor = inField(h).getByRole('textbox');
    expect(editor.innerHTML).toBe('<p>Start</p>');
    editor.innerHTML = '<p>Start <b>bold</b><script>alert(1)</script><span style="color:red">x</span></p>';
    fireEvent.input(editor);
    expect(h.changes.at(-1)).toBe('<p>Start <strong>bold</strong>x</p>');
    editor.innerHTML = '<br>';
    fireEvent.input(editor);
    expect(h.changes.at(-1)).toBe('');
  });

  test('an accessible toolbar runs the editing commands; links take only http, https and mailto addresses', async () => {
    const user = userEvent.setup();
    const h = await renderField('edit', { kind: HtmField, type: CommLogType, name: 'notes', item, value: '' });
    const toolbar = inField(h).getByRole('toolbar', { name: 'Formatting' });
    const editor = inField(h).getByRole('textbox');
    execCommand.mockImplementationOnce(() => {
      editor.innerHTML = '<b>loud</b>';
      return true;
    });
    await user.click(inField(h).getByRole('button', { name: 'Bold' }));
    expect(execCommand).toHaveBeenLastCalledWith('bold', false, undefined);
    expect(h.changes.at(-1)).toBe('<strong>loud</strong>');
    for (const name of ['Italic', 'Bulleted list', 'Numbered list', 'Link'])
      expect(inField(h).getByRole('button', { name })).toBeInTheDocument();
    expect(toolbar).toBeInTheDocument();

    await user.click(inField(h).getByRole('button', { name: 'Link' }));
    await user.type(inField(h).getByRole('textbox', { name: /Link address/ }), 'javascript:alert(1){Enter}');
    expect(execCommand).not.toHaveBeenCalledWith('createLink', false, expect.anything());
    await user.click(inField(h).getByRole('button', { name: 'Link' }));
    await user.type(inField(h).getByRole('textbox', { name: /Link address/ }), 'https://example.org{Enter}');
    expect(execCommand).toHaveBeenLastCalledWith('createLink', false, 'https://example.org');
  });
});
