/**
 * The workflow cards as a responder who runs workflows sees them (issue 15, spec 001 §2): on the
 * consultation dashboard and the home screen, instead of the recent responses, the responses waiting to
 * start, the overdue ones and their own steps, each response by its title with its current step and due
 * day as a person reads them (DD-MMM-YYYY, never a key); "mine" asks the server for the reader's own
 * steps without the browser naming who that is.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { format, subDays } from 'date-fns';
import type { Frame } from '../../src/shared/protocol';
import { READER_CONTACT } from '../../src/shared/search/readerContact';
import { cleanUpApps, renderApp, type AppHarness } from './support/renderApp';

afterEach(cleanUpApps);

const dayOf = (days: number) => format(subDays(new Date(), -days), 'yyyy-MM-dd');
const shown = (day: string) => format(new Date(`${day}T00:00:00`), 'dd-MMM-yyyy');

const step = (id: string, label: string, state: string, due?: string) => ({
  id,
  kind: 'RWF_SIMPLE',
  label,
  state,
  ...(due ? { due } : {}),
});

/** A response of the community, with the workflow fields the server keeps when one runs. */
function response(i: number, projectName: string, state: string, extra: Record<string, unknown> = {}) {
  return {
    $id: `ConsultResponse-${i}`,
    _t: 'ConsultResponse',
    _i: i,
    _u: 1,
    _c: { ts: `${dayOf(-30)}T10:00:00Z`, by: null },
    $access: 'PROTECTED' as const,
    $labels: {},
    projectName,
    state,
    ...extra,
  };
}

const late = response(1, 'Transmission line 9L40', 'PENDING', {
  anticipatedResponse: dayOf(-6),
  '_wf.state': 'REVIEW',
  '_wf.steps': [step('s1', 'Assign a responder', 'COMPLETE'), step('s2', 'Read the proposal and the maps', 'ACTIVE', dayOf(-2))],
  '_wf.$assigned': [{ id: 'Contact-7' }],
  '_wf.$assignedDue': dayOf(-2),
});
const intake = response(2, 'Cutblocks 30 to 34', 'DRAFT', {
  '_wf.state': 'INTAKE',
  '_wf.steps': [step('s1', 'Assign a responder', 'PENDING', dayOf(2)), step('s2', 'Read the proposal and the maps', 'BLANK')],
  '_wf.$assigned': [{ id: 'Contact-7' }],
  '_wf.$assignedDue': dayOf(2),
});
const fresh = response(3, 'Highway 55 bridge', 'DRAFT');
const answerLate = response(4, 'Raven showing bulk sample', 'PENDING', { anticipatedResponse: dayOf(-3) });

interface Query {
  must: Record<string, unknown>;
  mustNot?: Record<string, unknown>;
  subsShould?: unknown[];
}

/** Answers each card's search with what the server would find for it. */
function serve(h: AppHarness): void {
  h.server.seedItems(late, intake, fresh, answerLate);
  h.server.handlers.set('search/ids', (frame: Frame) => {
    const q = frame.b as Query;
    const hits =
      q.must['ft-_wf.$assigned'] === READER_CONTACT
        ? [late, intake]
        : q.mustNot?.['fs-_wf.steps.state']
          ? [intake, fresh, answerLate]
          : q.subsShould
            ? [late, answerLate]
            : [];
    return {
      ids: hits.map((it) => it.$id),
      labels: Object.fromEntries(hits.map((it) => [it.$id, it.projectName])),
      total: hits.length,
      facets: {},
    };
  });
}

const WORKFLOW_RESPONDER = {
  capabilities: {},
  organizations: { 'Organization-1': { write: true, ConsultRespond: true, ResponderWorkflow: true } },
};

/** The lines of card `name`: each response's title and the line under it. */
async function rowsOf(name: string): Promise<string[][]> {
  const region = await screen.findByRole('region', { name });
  await within(region).findAllByRole('link');
  return within(region)
    .getAllByRole('listitem')
    .map((li) => [...li.children].map((c) => c.textContent ?? ''));
}

describe('the workflow cards', () => {
  it("show a workflow responder's responses waiting to start, overdue, and their own steps, by title, step and day", async () => {
    const h = renderApp({ signedIn: true, path: '/consult.dashboard', user: WORKFLOW_RESPONDER });
    serve(h);
    await waitFor(async () =>
      expect(await rowsOf('My workflow steps')).toEqual([
        ['Transmission line 9L40', `Read the proposal and the maps · was due ${shown(dayOf(-2))}`],
        ['Cutblocks 30 to 34', `Assign a responder · due ${shown(dayOf(2))}`],
      ]),
    );
    await waitFor(async () =>
      expect(await rowsOf('Responses waiting to start')).toEqual([
        ['Cutblocks 30 to 34', `Assign a responder · due ${shown(dayOf(2))}`],
        ['Highway 55 bridge', 'No workflow yet'],
        ['Raven showing bulk sample', 'No workflow yet'],
      ]),
    );
    // A late step says its step; a late answer its anticipated date.
    await waitFor(async () =>
      expect(await rowsOf('Overdue responses and steps')).toEqual([
        ['Transmission line 9L40', `Read the proposal and the maps · was due ${shown(dayOf(-2))}`],
        ['Raven showing bulk sample', `Answer expected ${shown(dayOf(-3))}`],
      ]),
    );
    // The calendar stays; recent and the consultation's own overdue card give way to these.
    expect(screen.getByRole('region', { name: 'Responses by anticipated date' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent responses' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Overdue responses' })).not.toBeInTheDocument();
    // No key, property name or id is shown.
    expect(screen.getByTestId('consult-dashboard').textContent).not.toMatch(/_wf|dashboard\.|Contact-|ConsultResponse-/);
    // "Mine" names the reader as a stand-in the server fills; the browser never names a person record.
    const mine = h.server.received.find((f) => f.o === 'search/ids' && (f.b as Query).must['ft-_wf.$assigned']);
    expect((mine!.b as Query).must).toMatchObject({ _: 'ConsultResponse', 'ft-_wf.$assigned': READER_CONTACT });
  });

  it('say what each holds when it is empty, on the home screen too', async () => {
    const h = renderApp({ signedIn: true, user: WORKFLOW_RESPONDER });
    h.server.handlers.set('search/ids', () => ({ ids: [], labels: {}, total: 0, facets: {} }));
    h.server.seedItems();
    const mine = await screen.findByRole('region', { name: 'My workflow steps' });
    expect(await within(mine).findByText('No step is assigned to you right now.')).toBeInTheDocument();
    const initial = screen.getByRole('region', { name: 'Responses waiting to start' });
    expect(await within(initial).findByText('Nothing waiting: every open response has its workflow under way.')).toBeInTheDocument();
    const overdue = screen.getByRole('region', { name: 'Overdue responses and steps' });
    expect(
      await within(overdue).findByText('Nothing overdue: every step and every pending answer is within its date.'),
    ).toBeInTheDocument();
  });

  it('are not shown to a responder without the workflow capability, who keeps the recent responses', async () => {
    const h = renderApp({
      signedIn: true,
      path: '/consult.dashboard',
      user: { capabilities: { ConsultRespond: true }, organizations: {} },
    });
    h.server.handlers.set('search/ids', () => ({ ids: [], labels: {}, total: 0, facets: {} }));
    h.server.seedItems();
    expect(await screen.findByRole('region', { name: 'Recent responses' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Overdue responses' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My workflow steps' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Responses waiting to start' })).not.toBeInTheDocument();
  });
});
