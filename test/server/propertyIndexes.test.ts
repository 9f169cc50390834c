import { itemTypes } from '../../src/shared/itemTypes';
import type { ItemTypeDef } from '../../src/shared/items/types';
import type { Principal } from '../../src/server/policy/Principal';
import { compileSearch } from '../../src/server/search/compileSearch';
import { dateIndexes, ensurePropertyIndexes, geoIndexes } from '../../src/server/search/propertyIndexes';
import { SearchFields } from '../../src/server/search/SearchFields';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.stop();
});

const itemIndexes = async (): Promise<string[]> =>
  (
    await srv.server.services.db.query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE tablename = 'items' ORDER BY indexname",
    )
  ).rows.map((r) => r.indexname);

const datedType = (name: string, prop: string): ItemTypeDef => ({
  name,
  defaultIcon: 'note',
  defaultAccess: 'COMMUNITY',
  properties: { title: { kind: 'textField' }, [prop]: { kind: 'DT', facet: { kind: 'dateRanges' } } },
  label: () => name,
});

describe('indexes on date and shape properties', () => {
  test('the server starts with one for each date property of the registered types', async () => {
    const wanted = dateIndexes(itemTypes.all()).map((i) => i.name);
    // One index a property name: the organisations module's communication logs and meetings share their date property.
    expect(wanted).toContain('items_date_date');
    // Also for a date a module adds to other types: the workflow's current step's due day.
    expect(wanted).toContain('items_date__wf.$assignedDue');
    expect(new Set(wanted).size).toBe(wanted.length);
    expect(await itemIndexes()).toEqual(expect.arrayContaining(wanted));
  });

  test('a search for a date range reads the rows through the index', async () => {
    const caller: Principal = { userId: 'User-1', admin: true, capabilities: {}, orgs: {}, tokenHash: null, masquerader: null };
    const compiled = compileSearch(
      { must: { _: ['CommLog'], 'tr-date': { from: '2024-01-01', to: '2024-12-31' } } },
      { caller, fields: new SearchFields(itemTypes), now: new Date('2026-11-01T00:00:00Z') },
    );
    // Too few rows here for the planner to choose an index by itself: it is told not to read the table.
    const plan = await srv.server.services.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const res = await tx.query<Record<string, string>>(`EXPLAIN ${compiled.sql}`, compiled.params);
      return res.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('items_date_date');
  });

  test('and one on the bounding box of each shape property, which the map bounds filter reads', async () => {
    const wanted = geoIndexes(itemTypes.all()).map((i) => i.name);
    // The consultation's project features and the communities' territories share their shape property.
    expect(wanted).toContain('items_geo_geometry');
    expect(await itemIndexes()).toEqual(expect.arrayContaining(wanted));
    const caller: Principal = { userId: 'User-1', admin: true, capabilities: {}, orgs: {}, tokenHash: null, masquerader: null };
    const compiled = compileSearch(
      { must: { _: ['ConsultCommunityTerritory'], 'gb-geometry': [-120, 49, -110, 55] } },
      { caller, fields: new SearchFields(itemTypes), now: new Date('2026-11-01T00:00:00Z') },
    );
    const plan = await srv.server.services.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const res = await tx.query<Record<string, string>>(`EXPLAIN ${compiled.sql}`, compiled.params);
      return res.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('items_geo_geometry');
  });

  test('makes only the missing ones, also for a type added later, and leaves names it cannot use as they are', async () => {
    const db = srv.server.services.db;
    expect(await ensurePropertyIndexes(db, itemTypes.all())).toEqual([]);
    const added = [...itemTypes.all(), datedType('FieldNote', 'recorded'), datedType('Odd', 'has space')];
    expect(await ensurePropertyIndexes(db, added)).toEqual(['items_date_recorded']);
    expect(await ensurePropertyIndexes(db, added)).toEqual([]);
    expect(await itemIndexes()).toEqual(expect.arrayContaining(['items_date_date', 'items_date_recorded']));
    expect((await itemIndexes()).some((name) => name.includes('space'))).toBe(false);
  });
});
