import type { OrgMembersReply, SiteOwnerReply } from '../../src/shared/admin/SiteOwner';
import type { Item } from '../../src/shared/items/types';
import type { UserSession } from '../../src/shared/protocol';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { ProtocolClient } from '../support/protocolClient';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
let writer: TestUser;
let reader: TestUser;
let outsider: TestUser;
let owner: Item;
let other: Item;
const clients: ProtocolClient[] = [];

/** A fresh socket for `user`: it carries the rights as they are now, not as they were at sign-in. */
async function reconnect(user: TestUser): Promise<ProtocolClient> {
  const { client } = await ProtocolClient.connect(srv.wsUrl, user.token);
  clients.push(client);
  return client;
}

const refused = { erred: true, b: { userMessage: 'notAllowed' } };

beforeAll(async () => {
  srv = await startTestServer({ dedicated: true });
  admin = await connectAdmin(srv);
  writer = await buildUser(srv, { name: 'Wren Writer' });
  reader = await buildUser(srv, { name: 'Rae Reader' });
  outsider = await buildUser(srv, { name: 'Otto Outsider' });
  owner = await admin.client.call<Item>('create/Organization', {
    displayName: 'Riverbend Nation',
    type: 'COMMUNITY',
    legalName: 'Riverbend Nation Inc.',
  });
  other = await admin.client.call<Item>('create/Organization', { displayName: 'Other Corp', type: 'INDUSTRY' });
});
afterAll(async () => {
  for (const u of [admin, writer, reader, outsider]) u?.client.close();
  for (const c of clients) c.close();
  await srv.stop();
});

describe('the owner organisation', () => {
  test('is none until an administrator chooses one, and then only its admin-org users and administrators see it; only administrators choose', async () => {
    expect(await outsider.client.call<SiteOwnerReply>('act/siteOwner')).toEqual({
      orgId: null,
      org: null,
      mayChoose: false,
      mayManage: false,
    });
    expect(await admin.client.call<SiteOwnerReply>('act/siteOwner')).toEqual({ orgId: null, org: null, mayChoose: true, mayManage: false });
    expect(await outsider.client.request('act/setSiteOwner', { orgId: owner.$id })).toMatchObject(refused);
    expect(await admin.client.call<SiteOwnerReply>('act/siteOwner')).toMatchObject({ orgId: null });

    expect(await admin.client.call('act/setSiteOwner', { orgId: owner.$id })).toEqual({ orgId: owner.$id });
    expect(await outsider.client.request('act/siteOwner')).toMatchObject(refused);
    const seen = await admin.client.call<SiteOwnerReply>('act/siteOwner');
    expect(seen).toMatchObject({ orgId: owner.$id, mayChoose: true, mayManage: true });
    expect(seen.org).toMatchObject({ $id: owner.$id, displayName: 'Riverbend Nation', legalName: 'Riverbend Nation Inc.' });
  });

  test('must be an organisation that exists', async () => {
    expect(await admin.client.request('act/setSiteOwner', { orgId: 'Organization-999999' })).toMatchObject({
      erred: true,
      b: { userMessage: 'notFound' },
    });
    expect(await admin.client.request('act/setSiteOwner', { orgId: writer.id })).toMatchObject({
      erred: true,
      b: { userMessage: 'validationFailed', fields: { orgId: 'errors.invalidId' } },
    });
    expect(await admin.client.call<SiteOwnerReply>('act/siteOwner')).toMatchObject({ orgId: owner.$id });
  });

  test('is embedded in the site config of every page served after it was chosen, and pushed to open sockets when it changes', async () => {
    expect(await (await fetch(`${srv.url}/`)).text()).toContain(`"ownerOrg":"${owner.$id}"`);
    // The screen's own address is a page too (its view key has a dot).
    expect(await (await fetch(`${srv.url}/admin.owner`)).text()).toContain(`"ownerOrg":"${owner.$id}"`);
    const pushed = reader.client.nextPush((f) => f.o === 'siteConfig' && (f.b as { ownerOrg?: unknown }).ownerOrg === other.$id);
    await admin.client.call('act/setSiteOwner', { orgId: other.$id });
    await pushed;
    expect(await (await fetch(`${srv.url}/`)).text()).toContain(`"ownerOrg":"${other.$id}"`);
    await admin.client.call('act/setSiteOwner', { orgId: owner.$id });
  });
});

describe('memberships of the owner organisation', () => {
  beforeAll(async () => {
    await admin.client.call('act/setSiteOwner', { orgId: owner.$id });
    await admin.client.call('act/setMembership', { userId: writer.id, orgId: owner.$id, capabilities: { write: true } });
    await admin.client.call('act/setMembership', { userId: reader.id, orgId: owner.$id, capabilities: { Research: true } });
    await admin.client.call('act/setMembership', { userId: outsider.id, orgId: other.$id, capabilities: { write: true } });
  });

  test('a writer of the owner organisation lists its members with their capabilities; the others are refused', async () => {
    const w = await reconnect(writer);
    expect(await w.call<SiteOwnerReply>('act/siteOwner')).toMatchObject({ orgId: owner.$id, mayManage: true, mayChoose: false });
    const listed = await w.call<OrgMembersReply>('act/orgMembers', { orgId: owner.$id });
    expect(listed.members).toEqual([
      { userId: reader.id, name: 'Rae Reader', email: reader.email, contactId: null, capabilities: { Research: true } },
      { userId: writer.id, name: 'Wren Writer', email: writer.email, contactId: null, capabilities: { write: true } },
    ]);
    expect(listed.capabilities).toEqual(await w.call('act/rolesAvailable'));
    expect(listed.capabilities).toContain('write');

    const r = await reconnect(reader);
    expect(await r.request('act/siteOwner')).toMatchObject(refused);
    expect(await r.request('act/orgMembers', { orgId: owner.$id })).toMatchObject(refused);
    // A writer of another organisation manages nothing here, nor its own organisation's members.
    const o = await reconnect(outsider);
    expect(await o.request('act/orgMembers', { orgId: owner.$id })).toMatchObject(refused);
    expect(await o.request('act/orgMembers', { orgId: other.$id })).toMatchObject(refused);
    expect((await admin.client.call<OrgMembersReply>('act/orgMembers', { orgId: other.$id })).members.map((m) => m.userId)).toEqual([
      outsider.id,
    ]);
  });

  test('a writer switches capabilities, adds and removes members of the owner organisation', async () => {
    const w = await reconnect(writer);
    const newcomer = await buildUser(srv, { name: 'Nia Newcomer' });
    expect(await w.call('act/orgMemberCandidates', { orgId: owner.$id, text: 'newcom' })).toEqual([
      { userId: newcomer.id, name: 'Nia Newcomer', email: newcomer.email },
    ]);
    // Members are not offered again.
    expect(await w.call('act/orgMemberCandidates', { orgId: owner.$id, text: 'Rae Read' })).toEqual([]);

    // The newcomer's open socket is told its new rights as soon as the membership is set.
    const rights = newcomer.client.nextPush((f) => f.o === 'authed' && Object.keys((f.b as UserSession).organizations).length > 0);
    await w.call('act/setMembership', { userId: newcomer.id, orgId: owner.$id, capabilities: {} });
    expect(((await rights).b as UserSession).organizations).toEqual({ [owner.$id]: {} });
    await w.call('act/setMembership', { userId: reader.id, orgId: owner.$id, capabilities: { Research: false, Vocab: true } });
    let members = (await w.call<OrgMembersReply>('act/orgMembers', { orgId: owner.$id })).members;
    expect(Object.fromEntries(members.map((m) => [m.userId, m.capabilities]))).toEqual({
      [newcomer.id]: {},
      [reader.id]: { Research: false, Vocab: true },
      [writer.id]: { write: true },
    });
    // The member's own socket takes the new rights.
    const n = await reconnect(newcomer);
    expect(await n.request('act/siteOwner')).toMatchObject(refused);

    const gone = newcomer.client.nextPush((f) => f.o === 'authed' && Object.keys((f.b as UserSession).organizations).length === 0);
    await w.call('act/removeMembership', { userId: newcomer.id, orgId: owner.$id });
    expect(((await gone).b as UserSession).$id).toBe(newcomer.id);
    members = (await w.call<OrgMembersReply>('act/orgMembers', { orgId: owner.$id })).members;
    expect(members.map((m) => m.userId)).toEqual([reader.id, writer.id]);
    newcomer.client.close();
  });

  test('a writer never touches other organisations, site capabilities, the admin flag or their own write', async () => {
    const w = await reconnect(writer);
    expect(await w.request('act/setMembership', { userId: reader.id, orgId: other.$id, capabilities: { write: true } })).toMatchObject(
      refused,
    );
    expect(await w.request('act/removeMembership', { userId: outsider.id, orgId: other.$id })).toMatchObject(refused);
    expect(await w.request('act/setCapabilities', { userId: reader.id, capabilities: { Research: true } })).toMatchObject(refused);
    expect(await w.request('act/setMembership', { userId: reader.id, orgId: owner.$id, capabilities: { admin: true } })).toMatchObject(
      refused,
    );
    expect(await w.request('act/setMembership', { userId: writer.id, orgId: owner.$id, capabilities: { write: false } })).toMatchObject(
      refused,
    );
    expect(await w.request('act/setMembership', { userId: writer.id, orgId: owner.$id, capabilities: { Vocab: true } })).toMatchObject(
      refused,
    );
    expect(await w.request('act/removeMembership', { userId: writer.id, orgId: owner.$id })).toMatchObject(refused);
    expect(await w.request('act/setSiteOwner', { orgId: other.$id })).toMatchObject(refused);
    // Nothing was written by the refused requests.
    const members = (await admin.client.call<OrgMembersReply>('act/orgMembers', { orgId: owner.$id })).members;
    expect(Object.fromEntries(members.map((m) => [m.userId, m.capabilities]))).toEqual({
      [reader.id]: { Research: false, Vocab: true },
      [writer.id]: { write: true },
    });
    expect((await admin.client.call<OrgMembersReply>('act/orgMembers', { orgId: other.$id })).members.map((m) => m.userId)).toEqual([
      outsider.id,
    ]);
    expect(await admin.client.call('act/userAccount', { userId: reader.id })).toMatchObject({ admin: false, capabilities: {} });
    // A writer may keep their own write while changing their other capabilities.
    await w.call('act/setMembership', { userId: writer.id, orgId: owner.$id, capabilities: { write: true, Vocab: true } });
  });

  test('members of a former owner organisation manage nothing once another is chosen', async () => {
    await admin.client.call('act/setSiteOwner', { orgId: other.$id });
    const w = await reconnect(writer);
    expect(await w.request('act/siteOwner')).toMatchObject(refused);
    expect(await w.request('act/orgMembers', { orgId: owner.$id })).toMatchObject(refused);
    expect(await w.request('act/setMembership', { userId: reader.id, orgId: owner.$id, capabilities: {} })).toMatchObject(refused);
    const o = await reconnect(outsider);
    expect(await o.call<SiteOwnerReply>('act/siteOwner')).toMatchObject({ mayManage: true });
    await admin.client.call('act/setSiteOwner', { orgId: owner.$id });
  });
});

describe('a site that is not dedicated', () => {
  let shared: RunningServer;
  afterAll(async () => shared?.stop());

  test("has no owner organisation: its operations are refused, and memberships stay administrators' work", async () => {
    shared = await startTestServer({ dedicated: false });
    const a = await connectAdmin(shared);
    const u = await buildUser(shared);
    const org = await a.client.call<Item>('create/Organization', { displayName: 'Lone Org', type: 'OTHER' });
    await a.client.call('act/setMembership', { userId: u.id, orgId: org.$id, capabilities: { write: true } });
    const { client } = await ProtocolClient.connect(shared.wsUrl, u.token);
    expect(await a.client.request('act/siteOwner')).toMatchObject(refused);
    expect(await a.client.request('act/setSiteOwner', { orgId: org.$id })).toMatchObject(refused);
    expect(await client.request('act/orgMembers', { orgId: org.$id })).toMatchObject(refused);
    expect(
      await client.request('act/setMembership', { userId: u.id, orgId: org.$id, capabilities: { write: true, Vocab: true } }),
    ).toMatchObject(refused);
    expect(await (await fetch(`${shared.url}/`)).text()).not.toContain('ownerOrg');
    for (const c of [a.client, u.client, client]) c.close();
  });
});
