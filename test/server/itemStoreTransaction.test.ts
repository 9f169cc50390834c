/**
 * A change made inside a caller's transaction (as a module's operation makes it, the workflow's steps
 * among them) is what the next read answers once that transaction commits, on both drivers: no older
 * copy is answered from the item cache while the database's notification is still on its way. And an
 * update written from the cached copy (without reading the row first) never overwrites a version the
 * cache has not heard of yet.
 */
import { OpError } from '../../src/server/OpError';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
const SYSTEM = { userId: null, masquerader: null };

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.stop());

test('the next read after the commit answers the change, never the cached version before it', async () => {
  const { items, db } = srv.server.services;
  for (let round = 0; round < 20; round++) {
    const created = await items.create(SYSTEM, 'Contact', { lastName: `Cached ${round}` }, { admin: true });
    // Read once, so the cache holds version 1.
    expect((await items.find(created.id))?.u).toBe(1);
    await db.transaction((tx) =>
      items.update(SYSTEM, { $id: created.id, _u: 1, firstName: 'Changed' }, () => undefined, { admin: true, tx }),
    );
    const read = await items.find(created.id);
    expect({ u: read?.u, firstName: read?.data.firstName }).toEqual({ u: 2, firstName: 'Changed' });
  }
});

test('a change rolled back with its transaction leaves the item as it was', async () => {
  const { items, db } = srv.server.services;
  const created = await items.create(SYSTEM, 'Contact', { lastName: 'Rolled back' }, { admin: true });
  await expect(
    db.transaction(async (tx) => {
      await items.update(SYSTEM, { $id: created.id, _u: 1, firstName: 'Never' }, () => undefined, { admin: true, tx });
      throw new Error('the caller gives up');
    }),
  ).rejects.toThrow('the caller gives up');
  const read = await items.find(created.id);
  expect({ u: read?.u, firstName: read?.data.firstName }).toEqual({ u: 1, firstName: undefined });
});

describe('an update written from the cached copy', () => {
  /** A contact the cache holds at version 1, which the database has moved to version 2 unannounced (another process's change on its way). */
  async function movedBehindTheCache(lastName: string): Promise<string> {
    const { items, db } = srv.server.services;
    const created = await items.create(SYSTEM, 'Contact', { lastName }, { admin: true });
    expect((await items.find(created.id))?.u).toBe(1);
    await db.query(`UPDATE items SET u = 2, data = data || '{"firstName": "Elsewhere"}' WHERE id = $1`, [created.id]);
    expect((await items.find(created.id))?.u).toBe(1);
    return created.id;
  }
  const stored = async (id: string) => {
    const { db } = srv.server.services;
    const row = (await db.query<{ u: number; first: string }>(`SELECT u, data->>'firstName' AS first FROM items WHERE id = $1`, [id]))
      .rows[0];
    const events = (await db.query<{ kind: string }>('SELECT kind FROM events WHERE item_id = $1 ORDER BY id', [id])).rows;
    return { u: row?.u, firstName: row?.first, events: events.map((e) => e.kind) };
  };

  test('made from the version the cache holds but the database has passed is refused staleUpdate, and nothing is written', async () => {
    const { items } = srv.server.services;
    const id = await movedBehindTheCache('Guarded');
    await expect(items.update(SYSTEM, { $id: id, _u: 1, firstName: 'Mine' }, () => undefined, { admin: true })).rejects.toMatchObject({
      userMessage: 'staleUpdate',
    });
    expect(await stored(id)).toEqual({ u: 2, firstName: 'Elsewhere', events: ['created'] });
  });

  test('made from the version the database holds goes through, though the cache is behind', async () => {
    const { items } = srv.server.services;
    const id = await movedBehindTheCache('Caught up');
    const updated = await items.update(SYSTEM, { $id: id, _u: 2, firstName: 'Mine' }, () => undefined, { admin: true });
    expect({ u: updated.u, firstName: updated.data.firstName }).toEqual({ u: 3, firstName: 'Mine' });
    expect(await stored(id)).toEqual({ u: 3, firstName: 'Mine', events: ['created', 'updated'] });
  });

  test('refused by the cached copy but allowed by the stored one goes through', async () => {
    const { items, db } = srv.server.services;
    const created = await items.create(SYSTEM, 'Contact', { lastName: 'Shared since' }, { admin: true });
    expect((await items.find(created.id))?.u).toBe(1);
    // The stored row was shared with the caller at version 1 already; the cache has not heard.
    await db.query(`UPDATE items SET access = 'COMMUNITY' WHERE id = $1`, [created.id]);
    const onlyShared = (r: { access: string }) => {
      if (r.access !== 'COMMUNITY') throw new OpError('notAllowed', 'not shared');
    };
    const updated = await items.update(SYSTEM, { $id: created.id, _u: 1, firstName: 'Allowed' }, onlyShared, { admin: true });
    expect(updated.data.firstName).toBe('Allowed');
  });
});
