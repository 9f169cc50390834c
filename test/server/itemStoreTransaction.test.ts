/**
 * A change made inside a caller's transaction (as a module's operation makes it, the workflow's steps
 * among them) is what the next read answers once that transaction commits, on both drivers: no older
 * copy is answered from the item cache while the database's notification is still on its way.
 */
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
