import { modules } from '../../src/modules';
import { cardQuery } from '../../src/shared/dashboard/cardQuery';
import { itemTypes } from '../../src/shared/itemTypes';
import type { ItemTypeDef } from '../../src/shared/items/types';
import type { Principal } from '../../src/server/policy/Principal';
import { compileSearch } from '../../src/server/search/compileSearch';
import { cardIndexes } from '../../src/server/search/cardIndexes';
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

const admin: Principal = { userId: 'User-1', admin: true, capabilities: {}, orgs: {}, tokenHash: null, masquerader: null };

/**
 * The plan of `sql` with only the indexes named `prefix…` to choose from (the others dropped in a
 * transaction undone after), the table's own rows kept out of reach: the planner takes such an index
 * only where the query's conditions match it. With all the indexes, which one a table of a few rows
 * is read through depends on whether PostgreSQL has gathered its statistics yet.
 */
async function planWithOnly(prefix: string, sql: string, params: unknown[]): Promise<string> {
  const undo = new Error('undo');
  let plan = '';
  await srv.server.services.db
    .transaction(async (tx) => {
      // Every other index but the primary key's (by id, which none of these searches names).
      const others = await tx.query<{ name: string; constraint: boolean }>(
        `SELECT c.relname AS name, EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid) AS constraint
           FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
          WHERE x.indrelid = 'items'::regclass AND NOT x.indisprimary AND NOT starts_with(c.relname, $1)`,
        [prefix],
      );
      for (const { name, constraint } of others.rows) {
        await tx.exec(constraint ? `ALTER TABLE items DROP CONSTRAINT "${name}"` : `DROP INDEX "${name}"`);
      }
      await tx.query('SET LOCAL enable_seqscan = off');
      const res = await tx.query<Record<string, string>>(`EXPLAIN ${sql}`, params);
      plan = res.rows.map((r) => Object.values(r)[0]).join('\n');
      throw undo;
    })
    .catch((e: unknown) => {
      if (e !== undo) throw e;
    });
  return plan;
}

const cards = modules.flatMap((m) => m.cards ?? []);

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
    const compiled = compileSearch(
      { must: { _: ['CommLog'], 'tr-date': { from: '2024-01-01', to: '2024-12-31' } } },
      { caller: admin, fields: new SearchFields(itemTypes), now: new Date('2026-11-01T00:00:00Z') },
    );
    expect(await planWithOnly('items_date_', compiled.sql, compiled.params)).toContain('items_date_date');
  });

  test('and one on the bounding box of each shape property, which the map bounds filter reads', async () => {
    const wanted = geoIndexes(itemTypes.all()).map((i) => i.name);
    // The consultation's project features and the communities' territories share their shape property.
    expect(wanted).toContain('items_geo_geometry');
    expect(await itemIndexes()).toEqual(expect.arrayContaining(wanted));
    const compiled = compileSearch(
      { must: { _: ['ConsultCommunityTerritory'], 'gb-geometry': [-120, 49, -110, 55] } },
      { caller: admin, fields: new SearchFields(itemTypes), now: new Date('2026-11-01T00:00:00Z') },
    );
    expect(await planWithOnly('items_geo_', compiled.sql, compiled.params)).toContain('items_geo_geometry');
  });

  test('makes only the missing ones, also for a type added later, and leaves names it cannot use as they are', async () => {
    const db = srv.server.services.db;
    expect(await ensurePropertyIndexes(db, itemTypes.all(), cards)).toEqual([]);
    const added = [...itemTypes.all(), datedType('FieldNote', 'recorded'), datedType('Odd', 'has space')];
    expect(await ensurePropertyIndexes(db, added, cards)).toEqual(['items_date_recorded']);
    expect(await ensurePropertyIndexes(db, added, cards)).toEqual([]);
    expect(await itemIndexes()).toEqual(expect.arrayContaining(['items_date_date', 'items_date_recorded']));
    expect((await itemIndexes()).some((name) => name.includes('space'))).toBe(false);
  });
});

describe("indexes of the dashboard's cards", () => {
  const fields = new SearchFields(itemTypes);
  const byKey = (key: string) => cards.find((c) => c.key === key)!;

  test("an overdue card's search, and one narrowed by state, read the card's own index", async () => {
    const names = new Set(cardIndexes(cards, fields).map((i) => i.name));
    expect(await itemIndexes()).toEqual(expect.arrayContaining([...names]));
    // Each branch of the workflow's overdue card, the consultation's overdue card (one index with the second branch), a state's.
    for (const key of ['consult.overdue', 'workflow.overdue', 'workflow.initial', 'consult.drafts']) {
      const compiled = compileSearch(cardQuery(byKey(key), null), { caller: admin, fields, now: new Date() });
      const plan = await planWithOnly('items_card_', compiled.sql, compiled.params);
      const read = [...names].filter((name) => plan.includes(name));
      expect({ key, read: read.length > 0 }).toEqual({ key, read: true });
    }
    // The workflow's overdue card reads two: the late step's and the pending answer's (the consultation card's too).
    const overdue = compileSearch(cardQuery(byKey('workflow.overdue'), null), { caller: admin, fields, now: new Date() });
    const plan = await planWithOnly('items_card_', overdue.sql, overdue.params);
    expect(new Set(plan.match(/items_card_[0-9a-f]+/g)).size).toBe(2);
  });

  test('a card no module declares any more takes its index with it', async () => {
    const db = srv.server.services.db;
    const before = (await itemIndexes()).filter((name) => name.startsWith('items_card_'));
    const drafts = cardIndexes([byKey('consult.drafts')], fields).map((i) => i.name);
    expect(drafts).toHaveLength(1);
    expect(before).toContain(drafts[0]);
    const others = cards.filter((c) => c.key !== 'consult.drafts');
    expect(await ensurePropertyIndexes(db, itemTypes.all(), others)).toEqual([]);
    expect(await itemIndexes()).not.toContain(drafts[0]);
    expect(await ensurePropertyIndexes(db, itemTypes.all(), cards)).toEqual(drafts);
  });
});
