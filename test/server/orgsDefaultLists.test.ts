import { DEFAULT_LIST_VALUES, orgsDefaultLists } from '../../src/modules/orgs/defaultLists';
import type { Item } from '../../src/shared/items/types';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  member = await buildUser(srv);
});
afterAll(async () => {
  admin?.client.close();
  member?.client.close();
  await srv.stop();
});

type Lists = Record<string, Array<{ id: string; key: string; label: string }>>;
const siteValues = async (list: string): Promise<string[]> =>
  ((await member.client.call<Lists>('act/lov', { list, locale: 'en' }))._ ?? []).map((v) => v.label);

describe('the required lists of the organisations module (spec 001 §5)', () => {
  test('start with site-wide values on a fresh site without demo data, which any member reads', async () => {
    expect(await siteValues('ORG_COMMLOG_TYPES')).toEqual(['E-mail', 'Letter', 'Meeting', 'Phone call', 'Text message']);
    expect(await siteValues('ORG_COMMLOG_DIRECTIONS')).toEqual(['Incoming', 'Outgoing']);
    expect(await siteValues('ORG_MEETING_TYPES')).toEqual(['Community meeting', 'In person', 'Phone call', 'Site visit', 'Video call']);
  });

  test('are real values: a meeting and a communication log take them, and each has its created event', async () => {
    const owner = await admin.client.call<Item>('create/Organization', { displayName: 'Riverbend Nation', type: 'COMMUNITY' });
    const log = await admin.client.request('create/CommLog', {
      owner: { id: owner.$id },
      subject: 'First call',
      date: '2026-04-02',
      type: 'PHONE',
      direction: 'INCOMING',
    });
    expect(log.erred).toBeFalsy();
    const meeting = await admin.client.request('create/Meeting', {
      owner: { id: owner.$id },
      summary: 'Site walk',
      date: '2026-04-03',
      meetingTypes: ['SITE_VISIT', 'IN_PERSON'],
    });
    expect(meeting.erred).toBeFalsy();
    const events = await srv.server.services.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM events e JOIN items i ON i.id = e.item_id
        WHERE i.type = 'LOVValue' AND e.kind = 'created' AND i.data->>'list' = ANY($1::text[])`,
      [Object.keys(DEFAULT_LIST_VALUES)],
    );
    expect(Number(events.rows[0]!.n)).toBe(Object.values(DEFAULT_LIST_VALUES).flat().length);
  });

  test('fill only a list that has no value at all, numbered on from the item store', async () => {
    const { db } = srv.server.services;
    // Other modules seed lists of their own: the defaults are numbered on from wherever the sequence stands.
    const base = Number((await db.query<{ n: number }>(`SELECT last_index AS n FROM type_sequences WHERE type = 'LOVValue'`)).rows[0]!.n);
    await db.transaction(async (tx) => {
      const meetingTypes = `SELECT id FROM items WHERE type = 'LOVValue' AND data->>'list' = 'ORG_MEETING_TYPES'`;
      await tx.query(`DELETE FROM events WHERE item_id IN (${meetingTypes})`);
      await tx.query(`DELETE FROM items WHERE id IN (${meetingTypes})`);
      await tx.exec(orgsDefaultLists.sql);
    });
    expect(await siteValues('ORG_COMMLOG_TYPES')).toHaveLength(5);
    expect(await siteValues('ORG_COMMLOG_DIRECTIONS')).toHaveLength(2);
    const meeting = (await member.client.call<Lists>('act/lov', { list: 'ORG_MEETING_TYPES', locale: 'en' }))._ ?? [];
    expect(meeting.map((v) => v.id).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `LOVValue-${base + n}`).sort());
    const next = await admin.client.call<Item>('create/LOVValue', { list: 'ORG_MEETING_TYPES', key: 'FEAST', t: { en: 'Feast' } });
    expect(next.$id).toBe(`LOVValue-${base + 6}`);
  });
});
