import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LovAddForm, type LovDraft } from '../../src/client/admin/LovAddForm';
import { withProviders } from './support/renderItemScreen';

// The add form's list name starts with the list shown and follows it while the lists arrive, until
// the person goes into the field: then what they see and type stays, however the lists arrive after.

function draw(list: string, onSubmit: (d: LovDraft) => void = () => undefined) {
  return withProviders(<LovAddForm list={list} busy={false} error={null} onSubmit={onSubmit} />);
}

test('the list name follows the list shown until the person types one, and what they typed is sent', async () => {
  const user = userEvent.setup();
  const sent: LovDraft[] = [];
  const view = render(draw(''));
  const listField = screen.getByLabelText('List', { exact: true });
  view.rerender(draw('AGREEMENT_KIND'));
  expect(listField).toHaveProperty('value', 'AGREEMENT_KIND');

  await user.clear(listField);
  await user.type(listField, 'meeting_kind');
  // The lists arrive (again) after the typing: the typed name stays.
  view.rerender(draw('CNS_PROBLEMS', (d) => sent.push(d)));
  expect(listField).toHaveProperty('value', 'MEETING_KIND');

  await user.type(screen.getByLabelText('Key'), 'feast');
  await user.type(screen.getByLabelText('English label'), 'Community feast');
  await user.click(screen.getByRole('button', { name: 'Add' }));
  expect(sent).toEqual([{ list: 'MEETING_KIND', key: 'feast', label: 'Community feast' }]);
});

test('a list arriving while the person is in the empty field does not become part of what they type', async () => {
  const user = userEvent.setup();
  const sent: LovDraft[] = [];
  const view = render(draw('', (d) => sent.push(d)));
  const listField = screen.getByLabelText('List', { exact: true });
  await user.click(listField);
  // The lists arrive between the click and the first key.
  view.rerender(draw('CNS_PRIORITIESMEETING_KIND', (d) => sent.push(d)));
  expect(listField).toHaveProperty('value', '');
  await user.keyboard('meeting_kind');
  expect(listField).toHaveProperty('value', 'MEETING_KIND');

  await user.type(screen.getByLabelText('Key'), 'feast');
  await user.type(screen.getByLabelText('English label'), 'Community feast');
  await user.click(screen.getByRole('button', { name: 'Add' }));
  expect(sent).toEqual([{ list: 'MEETING_KIND', key: 'feast', label: 'Community feast' }]);
});
