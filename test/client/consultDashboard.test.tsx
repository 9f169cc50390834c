/**
 * The consultation dashboard (consult.dashboard, issue 14): a responder gets the responses by their
 * anticipated date, the overdue ones (PENDING, anticipated before today, asked of the server as such)
 * and the recent ones, each by its label with its date DD-MMM-YYYY, following the type live; a
 * proponent gets their drafts and their consultations with communities; someone with neither is
 * told what the dashboard holds; the home screen shows the same cards.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { format, subDays } from 'date-fns';
import type { Frame } from '../../src/shared/protocol';
import { cleanUpApps, renderApp, type AppHarness } from './support/renderApp';

afterEach(cleanUpApps);

const dayOf = (days: number) => format(subDays(new Date(), -days), 'yyyy-MM-dd');
const shown = (day: string) => format(new Date(`${day}T00:00:00`), 'dd-MMM-yyyy');

const response = (i: number, projectName: string, state: string, anticipatedResponse: string) => ({
  $id: `ConsultResponse-${i}`,
  _t: 'ConsultResponse',
  _i: i,
  _u: 1,
  _c: { ts: `${dayOf(-30)}T10:00:00Z`, by: null },
  $access: 'PROTECTED' as const,
  $labels: {},
  projectName,
  state,
  anticipatedResponse,
});
const consultation = (i: number, projectName: string, state: string) => ({
  $id: `Consultation-${i}`,
  _t: 'Consultation',
  _i: i,
  _u: 1,
  _c: { ts: `${dayOf(-10)}T10:00:00Z`, by: null },
  $access: 'PROTECTED' as const,
  $labels: {},
  projectName,
  state,
  requestedResponseDate: dayOf(20),
});
type Seeded = ReturnType<typeof response> | ReturnType<typeof consultation>;

interface Query {
  must: Record<string, unknown>;
  max: number;
}

/** Answers the cards' searches from `items` as the server would: type, state and date conditions, newest first. */
function serve(h: AppHarness, items: Seeded[]): void {
  h.server.seedItems(...items);
  h.server.handlers.set('search/ids', (frame: Frame) => {
    const q = frame.b as Query;
    const states = [q.must['t-state'] ?? q.must['ft-state'] ?? []].flat() as string[];
    const range = q.must['dr-anticipatedResponse'] as { from: string | null; to: string | null } | undefined;
    const hits = items
      .filter((it) => it._t === q.must._)
      .filter((it) => states.length === 0 || states.includes(it.state))
      .filter((it) => {
        if (!range || !('anticipatedResponse' in it)) return true;
        return (range.from === null || it.anticipatedResponse >= range.from) && (range.to === null || it.anticipatedResponse <= range.to);
      })
      .sort((a, b) => b._i - a._i);
    const page = hits.slice(0, q.max);
    return {
      ids: page.map((it) => it.$id),
      labels: Object.fromEntries(page.map((it) => [it.$id, it.projectName])),
      total: hits.length,
      facets: {},
    };
  });
}

const searchesFor = (h: AppHarness, type: string) =>
  h.server.received.filter((f) => f.o === 'search/ids' && (f.b as Query).must._ === type).map((f) => f.b as Query);

const RESPONDER = { capabilities: { ConsultRespond: true }, organizations: {} };

describe('the consultation dashboard', () => {
  it('shows a responder the responses by date, the overdue ones and the recent ones, by label and date', async () => {
    const h = renderApp({ signedIn: true, path: '/consult.dashboard', user: RESPONDER });
    serve(h, [
      response(1, 'Transmission line 9L40', 'PENDING', dayOf(-6)),
      response(2, 'Cutblocks 30 to 34', 'PENDING', dayOf(3)),
      response(3, 'Highway 55 bridge', 'RESPONDED', dayOf(-40)),
    ]);
    const overdue = await screen.findByRole('region', { name: 'Overdue responses' });
    const late = await within(overdue).findByRole('link', { name: 'Transmission line 9L40' });
    expect(late).toHaveAttribute('href', '/i-ConsultResponse-1');
    expect(within(overdue).getByText(shown(dayOf(-6)))).toBeInTheDocument();
    expect(within(overdue).getAllByRole('link')).toHaveLength(1);
    // Overdue is asked of the server: pending, anticipated before today.
    const asked = searchesFor(h, 'ConsultResponse').find((q) => q.must['t-state'] === 'PENDING')!;
    expect(asked.must['dr-anticipatedResponse']).toEqual({ from: null, to: dayOf(-1) });

    const recent = screen.getByRole('region', { name: 'Recent responses' });
    await waitFor(() =>
      expect(
        within(recent)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['Highway 55 bridge', 'Cutblocks 30 to 34', 'Transmission line 9L40']),
    );
    expect(screen.getByRole('region', { name: 'Responses by anticipated date' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My draft consultations' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Consultation dashboard', level: 3 })).toBeInTheDocument();
  });

  it('shows a response distributed elsewhere as soon as the type watch pushes it', async () => {
    const h = renderApp({ signedIn: true, path: '/consult.dashboard', user: RESPONDER });
    const items: Seeded[] = [response(1, 'Transmission line 9L40', 'PENDING', dayOf(-6))];
    serve(h, items);
    const recent = await screen.findByRole('region', { name: 'Recent responses' });
    await within(recent).findByRole('link', { name: 'Transmission line 9L40' });
    await waitFor(() => expect(h.server.received.filter((f) => f.o === 'addWatch/ConsultResponse-0').length).toBeGreaterThanOrEqual(3));
    const fresh = response(4, 'Spruce River water licence', 'DRAFT', dayOf(14));
    items.push(fresh);
    h.server.seedItems(fresh);
    h.server.push({ o: 'item/update', b: fresh });
    expect(await within(recent).findByRole('link', { name: 'Spruce River water licence' })).toBeInTheDocument();
  });

  it('shows a proponent their drafts and their consultations with communities, or says there are none', async () => {
    const h = renderApp({
      signedIn: true,
      path: '/consult.dashboard',
      user: { capabilities: {}, organizations: { 'Organization-2': { write: true, ConsultSubmit: true } } },
    });
    serve(h, [consultation(1, 'Moose Lake drilling', 'DRAFT'), consultation(2, 'Spruce River water licence', 'CONSULTING')]);
    const drafts = await screen.findByRole('region', { name: 'My draft consultations' });
    expect(await within(drafts).findByRole('link', { name: 'Moose Lake drilling' })).toHaveAttribute('href', '/i-Consultation-1');
    const answered = screen.getByRole('region', { name: 'Consultations with communities' });
    expect(await within(answered).findByRole('link', { name: 'Spruce River water licence' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Overdue responses' })).not.toBeInTheDocument();
  });

  it('says what a card holds when it is empty, and what the dashboard is for someone it has no card for', async () => {
    const h = renderApp({ signedIn: true, path: '/consult.dashboard', user: RESPONDER });
    serve(h, []);
    const overdue = await screen.findByRole('region', { name: 'Overdue responses' });
    expect(
      await within(overdue).findByText('Nothing overdue: every pending response is still within its anticipated date.'),
    ).toBeInTheDocument();
  });

  it('tells someone it has no card for what the dashboard holds', async () => {
    const h = renderApp({ signedIn: true, path: '/consult.dashboard', user: { capabilities: {}, organizations: {} } });
    serve(h, []);
    expect(await screen.findByText(/No consultation cards for you yet/)).toBeInTheDocument();
  });

  it("puts a responder's cards on their home screen", async () => {
    const h = renderApp({ signedIn: true, user: RESPONDER });
    serve(h, [response(1, 'Transmission line 9L40', 'PENDING', dayOf(-6))]);
    const overdue = await screen.findByRole('region', { name: 'Overdue responses' });
    expect(await within(overdue).findByRole('link', { name: 'Transmission line 9L40' })).toBeInTheDocument();
  });
});
