/**
 * Which cards the home screen shows is decided by the cards' rules, as menu entries are: with the
 * product's own modules, the organisations module's meetings calendar and communications list are for
 * members of an organisation (and administrators); anyone else is told what to do instead.
 */
import { screen, within } from '@testing-library/react';
import { cleanUpApps, renderApp } from './support/renderApp';

afterEach(cleanUpApps);

describe('the cards a user sees', () => {
  it('someone without a card is told how cards come, and nothing is searched', async () => {
    const h = renderApp({ signedIn: true });
    expect(await screen.findByText(/No cards apply to you yet/)).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard')).not.toBeInTheDocument();
    expect(h.server.received.some((f) => f.o === 'search/ids' || f.o.startsWith('addWatch/'))).toBe(false);
  });

  it("a member sees their organisations' meetings by date and the latest communications", async () => {
    const h = renderApp({ signedIn: true, user: { organizations: { 'Organization-1': { read: true } } } });
    h.server.handlers.set('search/ids', () => ({ ids: [], labels: {}, total: 0, facets: {} }));
    h.server.seedItems();
    const meetings = await screen.findByRole('region', { name: 'Meetings' });
    const comms = screen.getByRole('region', { name: 'Recent communications' });
    expect(await within(comms).findByText('No communications recorded yet.')).toBeInTheDocument();
    expect(within(meetings).getByRole('button', { name: 'Previous month' })).toBeInTheDocument();
    const ops = h.server.received.map((f) => f.o);
    expect(ops).toEqual(expect.arrayContaining(['addWatch/Meeting-0', 'addWatch/CommLog-0']));
    const commSearch = h.server.received.find((f) => f.o === 'search/ids' && JSON.stringify(f.b).includes('CommLog'));
    expect(commSearch?.b).toMatchObject({ must: { _: 'CommLog' }, sort: [{ key: 'date', order: 'desc' }] });
  });
});
