/**
 * Replies by mail into a conversation (issue 15), on both drivers: each participant's mail of a
 * message replies to an address of their own; a reply sent there (by nodemailer, to the server's SMTP
 * listener) becomes their message in the thread, its quoted part cut off. An address with a token not
 * theirs, of another domain, or of someone no longer taking part is refused and writes nothing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { inboundListener } from '../../src/modules/conversations/inboundMail';
import type { ThreadMessage } from '../../src/modules/conversations/operations';
import type { Item } from '../../src/shared/items/types';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
let ann: TestUser;
const contact = { ann: '', bea: '', cy: '' };
let threadId = '';

const messages = async (threadId: string) =>
  (await ann.client.call<{ messages: ThreadMessage[] }>('act/conversationMessages', { threadId })).messages;

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never: ${what}`);
}

/** The Reply-To of the outbox's mail to `email` containing `marker`. */
async function replyToOf(email: string, marker: string): Promise<string | undefined> {
  const dir = join(srv.config.dataDir, 'outbox');
  if (!existsSync(dir)) return undefined;
  for (const file of readdirSync(dir).sort()) {
    const mail = await simpleParser(readFileSync(join(dir, file)));
    const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
    if (to === email && (mail.text ?? '').includes(marker)) return mail.replyTo?.value[0]?.address;
  }
  return undefined;
}

/** Sends a reply to the listener as `from`; answers the SMTP refusal's code, or null when it was taken. */
async function reply(from: string, to: string, text: string): Promise<number | null> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: inboundListener.address!.port, secure: false, ignoreTLS: true });
  try {
    await transport.sendMail({ from, to, subject: 'Re: Fishing camp access', text });
    return null;
  } catch (e) {
    return (e as { responseCode?: number }).responseCode ?? -1;
  } finally {
    transport.close();
  }
}

beforeAll(async () => {
  srv = await startTestServer({ inboundMailDomain: 'reply.example', inboundSmtpPort: 0 });
  admin = await connectAdmin(srv);
  const person = async (firstName: string, email: string) =>
    (await admin.client.call<Item>('create/Contact', { firstName, lastName: 'Mailer', email })).$id;
  contact.ann = await person('Ann', 'ann@lake.example');
  contact.bea = await person('Bea', 'bea@stone.example');
  contact.cy = await person('Cy', 'cy@outside.example');
  ann = await buildUser(srv, { name: 'Ann Mailer' });
  const record = await admin.client.call<Item>(`read/${ann.id}`);
  const refreshed = ann.client.nextPush((f) => f.o === 'authed');
  await admin.client.call('update', { $id: ann.id, _u: record._u, contact: { id: contact.ann } });
  await refreshed;
  ({ threadId } = await ann.client.call<{ threadId: string }>('act/conversationStart', {
    subject: 'Fishing camp access',
    participants: [contact.bea, contact.cy],
    body: '<p>Can we meet at the camp?</p>',
  }));
});

afterAll(async () => {
  for (const u of [admin, ann]) u?.client.close();
  await srv.stop();
});

it('mails each participant a reply address of their own; a reply there becomes their message, without the quoted part', async () => {
  const bea = await until(() => replyToOf('bea@stone.example', 'Can we meet'), 'the mail to Bea');
  const cy = await until(() => replyToOf('cy@outside.example', 'Can we meet'), 'the mail to Cy');
  expect(bea).toMatch(new RegExp(`^thread-${threadId.split('-')[1]}-[0-9a-f]{32}@reply\\.example$`));
  expect(cy).not.toBe(bea);
  const code = await reply(
    'bea@stone.example',
    bea,
    'Saturday works for me.\nBring boots.\n\nOn Tue, 1 Dec 2026, Ann Mailer wrote:\n> Can we meet at the camp?\n',
  );
  expect(code).toBeNull();
  const said = await until(async () => {
    const all = await messages(threadId);
    return all.length === 2 ? all : undefined;
  }, 'the reply in the thread');
  expect(said[1]).toMatchObject({
    author: 'Bea Mailer',
    body: '<p>Saturday works for me.<br />Bring boots.</p>',
    mine: false,
    unread: true,
  });
  // The reply is mailed on to the others, Ann among them.
  await until(() => replyToOf('ann@lake.example', 'Saturday works for me.'), 'the mail to Ann');
});

it('refuses an address whose token is not a participant’s, or of another domain, and writes nothing', async () => {
  const before = (await messages(threadId)).length;
  const n = threadId.split('-')[1];
  expect(await reply('mallory@evil.example', `thread-${n}-${'0'.repeat(32)}@reply.example`, 'Let me in')).toBe(550);
  expect(await reply('mallory@evil.example', `thread-${n}-abc@reply.example`, 'Let me in')).toBe(550);
  expect(await reply('mallory@evil.example', 'someone@elsewhere.example', 'Relay me')).toBe(550);
  expect((await messages(threadId)).length).toBe(before);
});

it('refuses the reply of someone no longer taking part', async () => {
  const cy = (await replyToOf('cy@outside.example', 'Can we meet'))!;
  const thread = await ann.client.call<Item>(`read/${threadId}`);
  await ann.client.call('update', { $id: threadId, _u: thread._u, participants: [{ id: contact.ann }, { id: contact.bea }] });
  const before = (await messages(threadId)).length;
  expect(await reply('cy@outside.example', cy, 'Still here?')).toBe(550);
  expect((await messages(threadId)).length).toBe(before);
});
