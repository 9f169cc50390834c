/**
 * The consultation's intake wizard (issue 14): its steps in order, each step noting what a submission
 * will still need from it (the shared rule `missingForSubmission`) while letting the draft pass and
 * save without it, the notes following what is typed, and the review step listing them all with a
 * way to each step; Save draft sends only what changed.
 */
import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Frame } from '../../src/shared/protocol';
import { cleanUpApps, renderApp } from './support/renderApp';

afterEach(() => {
  cleanUpApps();
  window.sessionStorage.clear();
});

const REGIONS = { _: [{ id: 'LOVValue-1', key: 'NORTH', label: 'North', state: 'ACTIVE' }] };

/** A draft with its name and organisation only, as a proponent saved it. */
const draft = {
  $id: 'Consultation-1',
  _t: 'Consultation',
  _i: 1,
  _u: 3,
  _c: { ts: '2026-11-20T10:00:00.000Z', by: 'User-1' },
  $access: 'PROTECTED',
  $labels: { 'Organization-1': 'Northern Gravel Ltd' },
  owner: { id: 'Organization-1' },
  projectName: 'North block gravel pit',
  state: 'DRAFT',
};
const organisation = {
  $id: 'Organization-1',
  _t: 'Organization',
  _i: 1,
  _u: 1,
  $access: 'PUBLIC',
  $labels: {},
  displayName: 'Northern Gravel Ltd',
  type: 'INDUSTRY',
};

const cellOf = async (key: string): Promise<HTMLElement> => {
  await waitFor(() => expect(document.querySelector(`section[data-cell="${key}"]`)).not.toBeNull());
  return document.querySelector<HTMLElement>(`section[data-cell="${key}"]`)!;
};
const notesIn = (cell: ReturnType<typeof within>) => cell.queryByRole('region', { name: 'Before it can be submitted, it still needs' });
const noted = (cell: ReturnType<typeof within>): string[] =>
  within(notesIn(cell)!)
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');

describe('the consultation wizard', () => {
  it('goes through its steps, noting on each what a submission still needs from it, and saves the draft without it', async () => {
    const user = userEvent.setup();
    const h = renderApp({ path: '/i-Consultation-1-edit?c0=1', signedIn: true, user: { admin: true, $id: 'User-1' } });
    h.server.seedItems(draft, organisation);
    h.server.handlers.set('act/lov', (frame: Frame) => ((frame.b as { list: string }).list === 'CNS_REGIONS' ? REGIONS : { _: [] }));
    const cell = within(await cellOf('i-Consultation-1-edit'));
    const steps = await cell.findByRole('navigation', { name: 'Steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '1Project',
      '2Region and kind',
      '3Primary organisation',
      '4Supporting organisations',
      '5Dates',
      '6Description and location',
      '7Files',
      '8Review',
    ]);
    // The first step holds nothing a submission needs beyond what a draft has.
    expect(await cell.findByLabelText('Project name')).toHaveValue('North block gravel pit');
    expect(notesIn(cell)).toBeNull();

    await user.click(cell.getByRole('button', { name: 'Next' }));
    await cell.findByRole('heading', { level: 3, name: 'Region and kind' });
    expect(noted(cell)).toEqual(['The region', 'The stream', 'The project type']);
    // Choosing a value takes its note away at once.
    await user.selectOptions(await cell.findByLabelText('Region'), 'NORTH');
    await waitFor(() => expect(noted(cell)).toEqual(['The stream', 'The project type']));

    // Missing parts never stop a step: Next passes each of them.
    await user.click(cell.getByRole('button', { name: 'Next' }));
    await cell.findByRole('heading', { level: 3, name: 'Primary organisation' });
    expect(noted(cell)).toEqual(['The primary organisation', 'A primary contact']);
    await user.click(cell.getByRole('button', { name: 'Next' }));
    await cell.findByRole('heading', { level: 3, name: 'Supporting organisations' });
    expect(notesIn(cell)).toBeNull();
    await user.click(cell.getByRole('button', { name: 'Next' }));
    await cell.findByRole('heading', { level: 3, name: 'Dates' });
    expect(noted(cell)).toEqual(['The date a response is requested by', 'The project start']);
    fireEvent.change(cell.getByLabelText('Project start'), { target: { value: '2027-01-01' } });
    await waitFor(() => expect(noted(cell)).toEqual(['The date a response is requested by']));

    // The review lists everything still missing, each with a way to its step.
    await user.click(cell.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(h.server.received.filter((f) => f.o === 'update').map((f) => f.b)).toEqual([
        { $id: 'Consultation-1', _u: 3, region: 'NORTH', projectStartDt: '2027-01-01' },
      ]),
    );
    for (const next of ['Description and location', 'Files', 'Review']) {
      await user.click(cell.getByRole('button', { name: 'Next' }));
      await cell.findByRole('heading', { level: 3, name: next });
    }
    expect(noted(cell)).toEqual([
      'The stream',
      'The project type',
      'The primary organisation',
      'A primary contact',
      'The date a response is requested by',
      'The project description',
      'The location',
    ]);
    // Saved, the review offers the consultation's transitions (its state panel): here Submit.
    expect(within(cell.getByRole('group', { name: 'Steps you can take' })).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    await user.click(within(notesIn(cell)!).getByRole('button', { name: 'Go to Description and location' }));
    await cell.findByRole('heading', { level: 3, name: 'Description and location' });
    expect(noted(cell)).toEqual(['The project description', 'The location']);
  });

  it('reviews a new consultation, naming the organisation chosen before it was ever saved', async () => {
    const user = userEvent.setup();
    const h = renderApp({ path: '/i-Consultation-0', signedIn: true, user: { admin: true, $id: 'User-1' } });
    h.server.seedItems(organisation);
    h.server.handlers.set('act/lov', () => ({ _: [] }));
    h.server.handlers.set('search/ids', () => ({ ids: ['Organization-1'], labels: { 'Organization-1': 'Northern Gravel Ltd' }, total: 1 }));
    const cell = within(await cellOf('i-Consultation-0'));
    await user.type(await cell.findByLabelText('Project name'), 'North block gravel pit');
    await user.type(cell.getByRole('combobox', { name: 'Submitted by' }), 'Northern');
    await user.click(await cell.findByRole('option', { name: 'Northern Gravel Ltd' }));
    for (const next of [
      'Region and kind',
      'Primary organisation',
      'Supporting organisations',
      'Dates',
      'Description and location',
      'Files',
      'Review',
    ]) {
      await user.click(cell.getByRole('button', { name: 'Next' }));
      await cell.findByRole('heading', { level: 3, name: next });
    }
    const review = within(cell.getByRole('region', { name: 'Review what you entered' }));
    expect(review.getByText('North block gravel pit')).toBeInTheDocument();
    expect(review.getByRole('link', { name: 'Northern Gravel Ltd' })).toBeInTheDocument();
    expect(h.server.received.filter((f) => f.o === 'create/Consultation')).toEqual([]);
  });
});
