import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImportRun } from '../../src/server/imports/ImportRun';
import { ensureKeyIndex } from '../../src/server/imports/keyIndexes';
import { readRows } from '../../src/server/imports/readRows';
import { OpError } from '../../src/server/OpError';
import type { Principal } from '../../src/server/policy/Principal';
import type { ItemRecord } from '../../src/server/store/ItemRecord';
import { importKindTable } from '../../src/shared/imports/importKindTable';
import { itemTypes } from '../../src/shared/itemTypes';
import type { Item } from '../../src/shared/items/types';
import { buildUser, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let alice: TestUser;
let bob: TestUser;
let dir: string;
/** Each change hook run on an item whose last name starts with "Batch", in order. */
const hookRuns: string[] = [];
/** Each validator run on such an item, by last name. */
const validated: string[] = [];

beforeAll(async () => {
  srv = await startTestServer();
  alice = await buildUser(srv);
  bob = await buildUser(srv);
  dir = mkdtempSync(join(tmpdir(), 'kk-create-many-'));
  const { items } = srv.server.services;
  items.addValidator(async (_tx, { data }): Promise<Record<string, string>> => {
    const name = String(data.lastName ?? '');
    if (!name.startsWith('Batch')) return {};
    validated.push(name);
    return name.includes('Refused') ? { lastName: 'errors.invalid' } : {};
  });
  items.addChangeHook(async (tx, change, record) => {
    const name = String(record.data.lastName ?? '');
    if (!name.startsWith('Batch')) return;
    hookRuns.push(`${change.kind} ${record.id}`);
    // A hook may refuse after the insert: the item is written by then, its transaction must undo it.
    if (name.includes('Hooked')) throw new OpError('notAllowed', 'refused by a change hook');
    await tx.query('SELECT 1');
  });
});
afterAll(async () => {
  for (const u of [alice, bob]) u?.client.close();
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
});

const author = (): { userId: string; masquerader: null } => ({ userId: alice.id, masquerader: null });

async function itemsNamed(prefix: string): Promise<{ id: string; label: string }[]> {
  const res = await srv.server.services.db.query<{ id: string; label: string }>(
    `SELECT id, label FROM items WHERE type = 'Contact' AND data->>'lastName' LIKE $1 ORDER BY idx`,
    [`${prefix}%`],
  );
  return res.rows;
}

test('createMany writes consecutive ids, a created event each and a push each, and runs validators and hooks per item in order', async () => {
  const { count } = await bob.client.call<{ count: number }>('addWatch/Contact-0', { lastName: 'Batch Watched' });
  expect(count).toBeGreaterThanOrEqual(0);
  validated.length = 0;
  hookRuns.length = 0;
  const bodies = [1, 2, 3].map((n) => ({ firstName: `No ${n}`, lastName: 'Batch Watched', $access: 'COMMUNITY' }));
  const records = await srv.server.services.items.createMany(author(), 'Contact', bodies, { admin: false });

  expect(records.map((r) => r.idx)).toEqual([records[0]!.idx, records[0]!.idx + 1, records[0]!.idx + 2]);
  expect(records.map((r) => [r.id, r.u, r.label, r.createdBy])).toEqual(
    records.map((r, i) => [`Contact-${r.idx}`, 1, `No ${i + 1} Batch Watched`, alice.id]),
  );
  expect(validated).toEqual(['Batch Watched', 'Batch Watched', 'Batch Watched']);
  expect(hookRuns).toEqual(records.map((r) => `created ${r.id}`));

  const events = await srv.server.services.db.query<{ item_id: string; kind: string; u: number; by_user: string; changed: string[] }>(
    `SELECT item_id, kind, u, by_user, changed FROM events WHERE item_id = ANY($1) ORDER BY id`,
    [records.map((r) => r.id)],
  );
  const single = await alice.client.call<Item>('create/Contact', { firstName: 'No 4', lastName: 'Batch Watched', $access: 'COMMUNITY' });
  const singleEvent = await srv.server.services.db.query<{ changed: string[] }>(`SELECT changed FROM events WHERE item_id = $1`, [
    single.$id,
  ]);
  expect(events.rows.map((e) => [e.item_id, e.kind, e.u, e.by_user, e.changed])).toEqual(
    records.map((r) => [r.id, 'created', 1, alice.id, singleEvent.rows[0]!.changed]),
  );

  // The type watch is told of every one of them, as of a single create.
  for (const r of records) {
    const push = await bob.client.nextPush((f) => f.o === 'item/update' && (f.b as Item).$id === r.id);
    expect(push.b).toMatchObject({ $id: r.id, _u: 1, lastName: 'Batch Watched', firstName: r.data.firstName });
  }
  // Read back through the protocol: the same items as single creates give.
  expect(single._i).toBe(records[2]!.idx + 1);
  const read = await alice.client.call<Item>(`read/${records[0]!.id}`);
  expect(Object.keys(read).sort()).toEqual(Object.keys(single).sort());
});

test('createMany refuses the whole batch on one bad item: a rule, a validator, or a hook after the insert, and writes nothing', async () => {
  const { items } = srv.server.services;
  const before = await srv.server.services.db.query<{ n: string }>(`SELECT count(*) AS n FROM events`);
  await expect(
    items.createMany(author(), 'Contact', [{ lastName: 'Batch Rule' }, { lastName: 'Batch Rule', nope: 1 }], { admin: false }),
  ).rejects.toMatchObject({
    userMessage: 'validationFailed',
    fields: { nope: 'errors.unknownProperty' },
  });
  await expect(
    items.createMany(author(), 'Contact', [{ lastName: 'Batch Check' }, { lastName: 'Batch Check Refused' }], { admin: false }),
  ).rejects.toMatchObject({ userMessage: 'validationFailed', fields: { lastName: 'errors.invalid' } });
  await expect(
    items.createMany(author(), 'Contact', [{ lastName: 'Batch After' }, { lastName: 'Batch After Hooked' }], { admin: false }),
  ).rejects.toMatchObject({ userMessage: 'notAllowed' });
  expect(await itemsNamed('Batch Rule')).toEqual([]);
  expect(await itemsNamed('Batch Check')).toEqual([]);
  expect(await itemsNamed('Batch After')).toEqual([]);
  const after = await srv.server.services.db.query<{ n: string }>(`SELECT count(*) AS n FROM events`);
  expect(after.rows[0]!.n).toEqual(before.rows[0]!.n);
  expect(await items.createMany(author(), 'Contact', [], { admin: false })).toEqual([]);
});

test('with `refused`, a body the checks refuse is told by its index and left out, and the others are written', async () => {
  const told: [number, string, unknown][] = [];
  const records = await srv.server.services.items.createMany(
    author(),
    'Contact',
    [{ lastName: 'Batch Told Apart' }, { lastName: 'Batch Told Apart', nope: 1 }, { lastName: 'Batch Told Apart', firstName: 'Kept' }],
    { admin: false, refused: (i, e) => told.push([i, e.userMessage, e.fields]) },
  );
  expect(told).toEqual([[1, 'validationFailed', { nope: 'errors.unknownProperty' }]]);
  expect(records.map((r) => r.label)).toEqual(['Batch Told Apart', 'Kept Batch Told Apart']);
  expect(records[1]!.idx).toBe(records[0]!.idx + 1);
  expect((await itemsNamed('Batch Told Apart')).map((r) => r.id)).toEqual(records.map((r) => r.id));
});

test("the notifications' hook for items created together tells the same watchers as for each alone", async () => {
  const { items, db, notifications } = srv.server.services;
  const records: ItemRecord[] = [];
  for (const n of [1, 2, 3, 4])
    records.push(await items.create(author(), 'Contact', { lastName: `Batch Told ${n}`, $access: 'COMMUNITY' }, { admin: false }));
  // Bob: ALWAYS on the first, PREFS on the second, NEVER on the third; Alice, their creator, is the author.
  for (const [i, pref] of ['ALWAYS', 'PREFS', 'NEVER'].entries())
    await db.query(`INSERT INTO notify_prefs (user_id, item_id, pref) VALUES ($1, $2, $3)`, [bob.id, records[i]!.id, pref]);
  await db.query(`INSERT INTO notify_prefs (user_id, item_id, pref) VALUES ($1, $2, 'ALWAYS')`, [alice.id, records[3]!.id]);
  const events = await db.query<{ id: string; item_id: string; ts: Date | string }>(
    `SELECT id, item_id, ts FROM events WHERE item_id = ANY($1) AND kind = 'created'`,
    [records.map((r) => r.id)],
  );
  const eventOf = (r: ItemRecord) => {
    const e = events.rows.find((row) => row.item_id === r.id)!;
    return {
      id: Number(e.id),
      kind: 'created',
      context: r.id,
      subContext: null,
      also: [],
      from: null,
      to: null,
      u: 1,
      ts: '',
      by: alice.id,
      changed: [],
    };
  };
  const told = async (batched: boolean): Promise<string[]> => {
    const who = author();
    await db.transaction(async (tx) => {
      const run = batched ? await notifications.onChange.created!(tx, records, who) : notifications.onChange;
      for (const r of records) await run(tx, { id: r.id, u: 1, kind: 'created' }, r, who, eventOf(r));
    });
    const res = await db.query<{ ctx: string; by: string }>(
      `SELECT data->'$context'->>'id' AS ctx, created_by AS by FROM items WHERE type = 'Notify' AND data->'$context'->>'id' = ANY($1) ORDER BY idx`,
      [records.map((r) => r.id)],
    );
    await db.query(
      `DELETE FROM notify_mail WHERE notify_id IN (SELECT id FROM items WHERE type = 'Notify' AND data->'$context'->>'id' = ANY($1))`,
      [records.map((r) => r.id)],
    );
    await db.query(
      `UPDATE items SET data = data || '{"$context": {"id": "gone"}}' WHERE type = 'Notify' AND data->'$context'->>'id' = ANY($1)`,
      [records.map((r) => r.id)],
    );
    return res.rows.map((r) => `${r.by} ${r.ctx}`);
  };
  const alone = await told(false);
  expect(alone).toEqual([`${bob.id} ${records[0]!.id}`, `${bob.id} ${records[1]!.id}`]);
  expect(await told(true)).toEqual(alone);
});

describe('an import writes new rows together', () => {
  const kind = importKindTable(
    [
      {
        name: 'test',
        importKinds: [{ kind: 'TEST_BATCH_CONTACTS', type: 'Contact', key: 'email', columns: ['email', 'firstName', 'lastName'] }],
      },
    ],
    (name) => itemTypes.get(name),
  ).get('TEST_BATCH_CONTACTS')!;
  const caller = (): Principal => ({ userId: alice.id, admin: true, capabilities: {}, orgs: {}, tokenHash: null, masquerader: null });

  async function runImport(name: string, lines: string[], dryRun = false): Promise<ImportRun> {
    const file = join(dir, `${name}.csv`);
    writeFileSync(file, ['email,firstName,lastName', ...lines].join('\r\n'));
    await ensureKeyIndex(srv.server.services.db, kind);
    const controller = new AbortController();
    const run = new ImportRun(srv.server.services.db, srv.server.services.items, caller(), kind, itemTypes.get('Contact')!, {
      dryRun,
      signal: controller.signal,
    });
    for await (const row of readRows(file, 'CSV', () => undefined, controller.signal)) await run.take(row);
    await run.finish();
    return run;
  }

  test('a row refused by a validator or by a change hook after its insert leaves no item, event or log row; the others are written in order', async () => {
    hookRuns.length = 0;
    const run = await runImport('refused', [
      'a@batch.example,One,Batch Import',
      'b@batch.example,Two,Batch Import Refused',
      'c@batch.example,Three,Batch Import',
      'd@batch.example,Four,Batch Import Hooked',
      'e@batch.example,Five,Batch Import',
      'a@batch.example,Six,Batch Import',
      'f@batch.example,,Batch Import',
    ]);
    expect(run.counts).toEqual({ rows: 7, created: 4, updated: 1, unchanged: 0, failed: 2 });
    expect(run.problems).toEqual([
      { line: 3, field: 'lastName', reason: 'errors.invalid' },
      { line: 5, field: '', reason: 'errors.notAllowed' },
    ]);
    const written = await itemsNamed('Batch Import');
    expect(written.map((r) => r.label)).toEqual(['Six Batch Import', 'Three Batch Import', 'Five Batch Import', 'Batch Import']);
    const ids = written.map((r) => r.id);
    const events = await srv.server.services.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM events e JOIN items i ON i.id = e.item_id WHERE i.data->>'lastName' LIKE 'Batch Import%'`,
    );
    expect(Number(events.rows[0]!.n)).toBe(5);
    // The change hooks ran for each item that stands, and their pushes (item/update) went out once it committed.
    for (const id of ids) expect(hookRuns).toContain(`created ${id}`);
  });

  test('a row its checks refuse is reported in its place and the rows around it are created together, consecutively', async () => {
    const run = await runImport('checked', [
      'g@batch.example,G,Batch Checked',
      'not an address,H,Batch Checked',
      'i@batch.example,I,Batch Checked',
    ]);
    expect(run.counts).toEqual({ rows: 3, created: 2, updated: 0, unchanged: 0, failed: 1 });
    expect(run.problems).toEqual([{ line: 3, field: 'email', reason: expect.stringMatching(/^errors\./) }]);
    const written = await itemsNamed('Batch Checked');
    expect(written.map((r) => r.label)).toEqual(['G Batch Checked', 'I Batch Checked']);
    expect(Number(written[1]!.id.split('-')[1])).toBe(Number(written[0]!.id.split('-')[1]) + 1);
  });

  test('a dry run of new rows writes nothing and counts as the import would', async () => {
    const lines = [
      'x@batch.example,X,Batch Dry',
      'y@batch.example,Y,Batch Dry',
      'x@batch.example,Z,Batch Dry',
      'q@batch.example,Q,Batch Dry Refused',
    ];
    const run = await runImport('dry', lines, true);
    expect(run.counts).toEqual({ rows: 4, created: 2, updated: 1, unchanged: 0, failed: 1 });
    expect(run.problems).toEqual([{ line: 5, field: 'lastName', reason: 'errors.invalid' }]);
    expect(await itemsNamed('Batch Dry')).toEqual([]);
  });
});
