/**
 * "Protected places nearby" (issue 17), its React and actor side: on a place's read screen a holder of
 * Spatial chooses a buffer and checks the area; the report names the places they may read as links
 * with their kind, says how many of each kind they may not see, and each check asks again. Someone
 * without Spatial is not offered it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OverlapReport } from '../../src/modules/spatial/overlapReport';
import type { Frame } from '../../src/shared/protocol';
import { cleanUpApps, renderApp } from './support/renderApp';

jest.mock('../../src/client/map/GeometryMap', () => ({ GeometryShow: () => null, GeometryEdit: () => null }));

afterEach(() => cleanUpApps());

const MAPPER = { organizations: { 'Organization-3': { write: true, Spatial: true } } };
const KINDS = {
  _: [
    { id: 'LOVValue-1', key: 'CULTURAL_SITE', label: 'Cultural site', state: 'ACTIVE' },
    { id: 'LOVValue-2', key: 'CABIN', label: 'Cabin', state: 'ACTIVE' },
  ],
};
const ROW = {
  $id: 'SpatialFeature-1',
  _t: 'SpatialFeature',
  _i: 1,
  _u: 1,
  _c: { ts: '2026-03-02T15:00:00Z', by: null },
  $access: 'PROTECTED',
  $labels: { 'SpatialFeature-1': 'Proposed cutblock' },
  label: 'Proposed cutblock',
  state: 'ACTIVE',
  geometry: { type: 'Point', coordinates: [-106.62, 54.21] },
};
const REPORT: OverlapReport = {
  at: '2026-11-27T15:40:00.000Z',
  bufferM: 1000,
  spatialTypes: [],
  total: 4,
  hits: [
    { id: 'SpatialFeature-7', label: 'Sacred hill', spatialType: 'CULTURAL_SITE', relation: 'INTERSECTS' },
    { id: 'SpatialFeature-8', label: 'Trapper cabin', spatialType: 'CABIN', relation: 'NEAR' },
  ],
  hidden: { count: 2, byType: { CULTURAL_SITE: 2 } },
};

function start(user: object) {
  const h = renderApp({ signedIn: true, path: '/i-SpatialFeature-1', user });
  h.server.handlers.set('read/SpatialFeature-1', () => ROW);
  h.server.handlers.set('act/lov', (frame: Frame) => ((frame.b as { list: string }).list === 'SPL_TYPES' ? KINDS : { _: [] }));
  const asked: unknown[] = [];
  h.server.handlers.set('act/spatialOverlap', (frame: Frame) => {
    asked.push(frame.b);
    return REPORT;
  });
  return { ...h, asked, user: userEvent.setup() };
}

test('a holder of Spatial checks the area within a buffer and reads the places found, named or counted', async () => {
  const t = start(MAPPER);
  const panel = (await screen.findByRole('heading', { name: 'Protected places nearby' })).closest('section')!;
  await t.user.selectOptions(within(panel).getByLabelText('Also look within'), '1 km');
  await t.user.click(within(panel).getByRole('button', { name: 'Check the area' }));
  await within(panel).findByText('One place meets the area; one more lies within 1 km.');
  expect(t.asked).toEqual([{ itemId: 'SpatialFeature-1', bufferM: 1000 }]);
  expect(within(panel).getByRole('link', { name: 'Sacred hill' })).toHaveAttribute('href', '/i-SpatialFeature-7');
  expect(within(panel).getByRole('link', { name: 'Trapper cabin' })).toBeInTheDocument();
  expect(within(panel).getByText('Meets the area')).toBeInTheDocument();
  expect(within(panel).getByText('Nearby')).toBeInTheDocument();
  await within(panel).findByText('2 places you may not see: 2 Cultural site.');
  expect(within(panel).getByText('Checked 27-Nov-2026 15:40')).toBeInTheDocument();
  // No key, id or ISO string reaches the screen.
  expect(panel.textContent).not.toMatch(/CULTURAL_SITE|SpatialFeature-|2026-11-27T/);
  await t.user.click(within(panel).getByRole('button', { name: 'Check again' }));
  await waitFor(() => expect(t.asked).toHaveLength(2));
});

test('is not offered without Spatial', async () => {
  start({});
  await screen.findByRole('heading', { name: 'Proposed cutblock', level: 2 });
  // Long enough for the module's chunk, which draws the panel for a holder within the first test's time.
  await new Promise((r) => setTimeout(r, 500));
  expect(screen.queryByRole('heading', { name: 'Protected places nearby' })).not.toBeInTheDocument();
});
