import type { Item } from '../../src/shared/items/types';
import type { NotifyPush } from '../../src/server/notifications/NotificationService';
import { buildUser, type TestUser } from '../support/factories';
import { readOutbox } from '../support/outbox';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  srv = await startTestServer();
  alice = await buildUser(srv, { name: 'Alice Notified' });
  bob = await buildUser(srv, { name: 'Bob Changer' });
  carol = await buildUser(srv, { name: 'Carol Follower' });
});
afterAll(async () => {
  for (const u of [alice, bob, carol]) u?.client.close();
  await srv.stop();
});

const notifyOf = (id: string) => (f: { o: string; b?: unknown }) => f.o === 'item/notify' && (f.b as NotifyPush).context === id;

async function noNotifyFor(user: TestUser, id: string): Promise<void> {
  await new Promise((r) => setTimeout(r, 300));
  await user.client.call('ping');
  expect(user.client.pushes.filter(notifyOf(id))).toEqual([]);
}

/** Alice lets Bob change her item (a grant); answers the item's `_u` after it. */
async function shareWithBob(item: Item): Promise<number> {
  const shared = await alice.client.call<Item>('act/grant', { id: item.$id, grantee: bob.id, actions: ['read', 'update'] });
  return shared._u;
}

/** Waits for a mail to `to` whose subject and text contain every one of `parts`. */
async function waitForMail(to: string, parts: string[]): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const found = (await readOutbox(srv.config.dataDir))
      .filter((m) => m.to === to)
      .map((m) => `${m.subject}\n${m.text}`)
      .find((m) => parts.every((p) => m.includes(p)));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} with ${parts.join(', ')}`);
}

test('a creator is told when someone else changes their item; the notification is theirs to read and mark', async () => {
  const item = await alice.client.call<Item>('create/Contact', { lastName: 'Followed', $access: 'COMMUNITY' });
  await bob.client.call('update', { $id: item.$id, _u: await shareWithBob(item), firstName: 'Changed' });
  const push = (await alice.client.nextPush(notifyOf(item.$id))).b as NotifyPush;
  expect(push).toMatchObject({ context: item.$id, kind: 'updated', unread: true });

  const fetched = await alice.client.call<Item[]>('act/fetchNotifications', {});
  expect(fetched[0]).toMatchObject({ $id: `Notify-${push.index}`, $kind: 'updated', $context: { id: item.$id }, unread: true });
  expect(fetched[0]!.$labels[item.$id]).toBe('Changed Followed');

  // Nobody else reads or marks it.
  expect(await bob.client.request(`read/Notify-${push.index}`)).toMatchObject({ erred: true, b: { userMessage: 'notAllowed' } });
  expect(await bob.client.request('act/markNotifications', { indexes: [push.index] })).toMatchObject({
    erred: true,
    b: { userMessage: 'notAllowed' },
  });

  const read = await alice.client.call<{ notifyPairs: [number, string][] }>('act/markNotifications', { indexes: [push.index] });
  expect(read.notifyPairs.find(([i]) => i === push.index)).toBeUndefined();
  const unread = await alice.client.call<{ notifyPairs: [number, string][] }>('act/markNotifications', {
    indexes: [push.index],
    asUnread: true,
  });
  expect(unread.notifyPairs).toContainEqual([push.index, item.$id]);
});

test('nobody is told of their own changes', async () => {
  const item = await alice.client.call<Item>('create/Contact', { lastName: 'Own Change', $access: 'COMMUNITY' });
  await alice.client.call('update', { $id: item.$id, _u: 1, firstName: 'Mine' });
  await noNotifyFor(alice, item.$id);
});

test('ALWAYS follows an item of someone else; NEVER silences one of your own', async () => {
  const item = await alice.client.call<Item>('create/Contact', { lastName: 'Preferences', $access: 'COMMUNITY' });
  expect(await carol.client.call('act/getNotify', { id: item.$id })).toEqual({ notify: 'NIL' });
  await carol.client.call('act/setNotify', { id: item.$id, notify: 'ALWAYS' });
  await alice.client.call('act/setNotify', { id: item.$id, notify: 'NEVER' });
  expect(await alice.client.call('act/getNotify', { id: item.$id })).toEqual({ notify: 'NEVER' });
  await bob.client.call('update', { $id: item.$id, _u: await shareWithBob(item), firstName: 'Watched' });
  expect(((await carol.client.nextPush(notifyOf(item.$id))).b as NotifyPush).kind).toBe('updated');
  await noNotifyFor(alice, item.$id);
  expect(await carol.client.request('act/setNotify', { id: item.$id, notify: 'LOUDLY' })).toMatchObject({ erred: true });
});

test('someone who may no longer read the item is not told', async () => {
  const item = await bob.client.call<Item>('create/Contact', { lastName: 'Closing Soon', $access: 'COMMUNITY' });
  await carol.client.call('act/setNotify', { id: item.$id, notify: 'ALWAYS' });
  await bob.client.call('update', { $id: item.$id, _u: 1, $access: 'PRIVATE', firstName: 'Hidden' });
  await noNotifyFor(carol, item.$id);
});

test('notifications are mailed as each user chose: at once, in a digest, or not at all', async () => {
  const mine = await alice.client.call<Item>('create/Contact', { lastName: 'Mailed', $access: 'COMMUNITY' });
  await bob.client.call('update', { $id: mine.$id, _u: await shareWithBob(mine), firstName: 'Now' });
  const mail = await waitForMail(alice.email, [`/i-${mine.$id}`]);
  expect(mail).toContain('Now Mailed was updated');

  const me = await carol.client.call<Item>(`read/${carol.id}`);
  await carol.client.call('update', { $id: carol.id, _u: me._u, notifyFrequency: 'DIGEST' });
  const followed = await bob.client.call<Item>('create/Contact', { lastName: 'Digest', $access: 'COMMUNITY' });
  await carol.client.call('act/setNotify', { id: followed.$id, notify: 'ALWAYS' });
  await bob.client.call('update', { $id: followed.$id, _u: 1, firstName: 'Later' });
  await carol.client.nextPush(notifyOf(followed.$id));
  const due = await srv.server.services.db.query<{ due_at: Date | string }>('SELECT due_at FROM notify_mail WHERE user_id = $1', [
    carol.id,
  ]);
  expect(due.rows).toHaveLength(1);
  expect(new Date(due.rows[0]!.due_at).getUTCHours()).toBe(7);
  expect(new Date(due.rows[0]!.due_at).getTime()).toBeGreaterThan(Date.now());
});

test('a mail the mail server refused is sent a minute later, once; one held by a process that died is sent by another', async () => {
  const db = srv.server.services.db;
  const mailer = srv.server.services.mailer;
  const mailsTo = async (path: string) => (await readOutbox(srv.config.dataDir)).filter((m) => m.text.includes(path)).length;
  const rowOf = async (id: string) =>
    (
      await db.query<{ due_at: Date | string; claimed_until: Date | string | null }>(
        'SELECT due_at, claimed_until FROM notify_mail WHERE notify_id = $1',
        [id],
      )
    ).rows[0];

  // The mail server refuses: the notification waits, unclaimed, a minute.
  const send = mailer.send.bind(mailer);
  let refused = 0;
  mailer.send = async () => {
    refused++;
    throw new Error('421 mail server busy');
  };
  const item = await alice.client.call<Item>('create/Contact', { lastName: 'Refused', $access: 'COMMUNITY' });
  await bob.client.call('update', { $id: item.$id, _u: await shareWithBob(item), firstName: 'Retried' });
  const notify = `Notify-${((await alice.client.nextPush(notifyOf(item.$id))).b as NotifyPush).index}`;
  while (refused === 0) await new Promise((r) => setTimeout(r, 100));
  mailer.send = send;
  await new Promise((r) => setTimeout(r, 100));
  const waiting = await rowOf(notify);
  expect(waiting?.claimed_until).toBeNull();
  expect(new Date(waiting!.due_at).getTime()).toBeGreaterThan(Date.now() + 30_000);

  // The minute passes: sent once, and gone from the queue.
  await db.query('UPDATE notify_mail SET due_at = now() WHERE notify_id = $1', [notify]);
  await waitForMail(alice.email, [`/i-${item.$id}`, 'Retried Refused was updated']);
  await new Promise((r) => setTimeout(r, 2_500));
  expect(await mailsTo(`/i-${item.$id}`)).toBe(1);
  expect(await rowOf(notify)).toBeUndefined();

  // Claimed by a process that died while sending: nobody else sends it until its claim runs out.
  const held = await alice.client.call<Item>('create/Contact', { lastName: 'Held', $access: 'COMMUNITY' });
  await db.query("INSERT INTO notify_mail (notify_id, user_id, due_at, claimed_until) VALUES ($1, $2, now(), now() + interval '1 hour')", [
    notify,
    alice.id,
  ]);
  await db.query(`UPDATE items SET data = jsonb_set(data, '{$context}', $2::jsonb) WHERE id = $1`, [
    notify,
    JSON.stringify({ id: held.$id }),
  ]);
  await new Promise((r) => setTimeout(r, 2_500));
  expect(await mailsTo(`/i-${held.$id}`)).toBe(0);
  await db.query("UPDATE notify_mail SET claimed_until = now() - interval '1 second' WHERE notify_id = $1", [notify]);
  await waitForMail(alice.email, [`/i-${held.$id}`]);
  expect(await rowOf(notify)).toBeUndefined();
});
