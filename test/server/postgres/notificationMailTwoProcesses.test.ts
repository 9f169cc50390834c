/**
 * Notification mail with two real server processes on one PostgreSQL (issue 20, "claimed exactly once
 * across processes"): both poll the same queue, and every change a person is told of reaches their
 * mail exactly once, whichever process sends it. Each process writes to the outbox of its own DATA_DIR,
 * so the two outboxes together are every mail that left.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Item } from '../../../src/shared/items/types';
import { linkToken, readOutbox, type OutboxMail } from '../../support/outbox';
import { ProtocolClient, signIn } from '../../support/protocolClient';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess';
import { ADMIN, freshPostgresDatabase } from '../../support/testServer';

const ITEMS = 30;
const dirs = [mkdtempSync(join(tmpdir(), 'kk-mail-a-')), mkdtempSync(join(tmpdir(), 'kk-mail-b-'))] as const;

let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  const databaseUrl = await freshPostgresDatabase();
  // One after the other: the first makes the schema and the administrator.
  a = await startServerProcess({ DATABASE_URL: databaseUrl, DATA_DIR: dirs[0] });
  b = await startServerProcess({ DATABASE_URL: databaseUrl, DATA_DIR: dirs[1] });
}, 120_000);
afterAll(async () => {
  for (const p of [a, b]) p?.child.kill('SIGTERM');
  await Promise.all([a?.exited, b?.exited]);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Whether `mail` links to the item `id` (Contact-1 is not Contact-10). */
const links = (mail: OutboxMail, id: string): boolean => new RegExp(`/i-${id}(?![0-9])`).test(mail.text);

const outboxes = async (): Promise<OutboxMail[]> => [...(await readOutbox(dirs[0])), ...(await readOutbox(dirs[1]))];

test("every change a person is told of is mailed once, though both processes send the queue's mail", async () => {
  const admin = await ProtocolClient.connect(a.wsUrl, await signIn(a.url, ADMIN.email, ADMIN.password));
  // A colleague, invited through process A, chooses a password through process B.
  const contact = await admin.client.call<Item>('create/Contact', { firstName: 'Rose', lastName: 'Bearspaw', email: 'rose@example.org' });
  await admin.client.call('act/invite', { contactId: contact.$id });
  const invitation = (await readOutbox(dirs[0])).find((m) => m.to.includes('rose@example.org'))!;
  const setPass = await fetch(`${b.url}/api/set-pass`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: linkToken(invitation, '/set-pass'), password: 'Roses own long password' }),
  });
  expect(setPass.status).toBe(200);
  const rose = await ProtocolClient.connect(b.wsUrl, await signIn(b.url, 'rose@example.org', 'Roses own long password'));

  // Rose's records, each changed once by the administrator through the other process.
  const ids: string[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const item = await rose.client.call<Item>('create/Contact', { lastName: `Told ${i}`, $access: 'COMMUNITY' });
    ids.push(item.$id);
  }
  // Spread over some 9 s, so that each process's polls (every 2 s) find changes come due.
  for (const id of ids) {
    await admin.client.call('update', { $id: id, _u: 1, firstName: 'Changed' });
    await new Promise((r) => setTimeout(r, 300));
  }

  // Both processes poll every 2 s; wait until every change has been mailed, then a few rounds more.
  const toRose = async () => (await outboxes()).filter((m) => m.to.includes('rose@example.org') && !m.text.includes('/set-pass'));
  let mails = await toRose();
  for (let i = 0; i < 150 && !ids.every((id) => mails.some((m) => links(m, id))); i++) {
    await new Promise((r) => setTimeout(r, 200));
    mails = await toRose();
  }
  await new Promise((r) => setTimeout(r, 5_000));
  mails = await toRose();
  expect(ids.map((id) => mails.filter((m) => links(m, id)).length)).toEqual(ids.map(() => 1));
  for (const c of [admin.client, rose.client]) c.close();
}, 120_000);
