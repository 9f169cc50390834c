import {
  ownerMachine,
  selectCandidateSearch,
  selectMemberCandidates,
  selectMembershipCapabilities,
  selectOwner,
  selectOwnerError,
  selectOwnerMembers,
  selectOwnerSaveError,
  selectOwnerSavingKey,
  selectOwnerStatus,
} from '../../../machines/admin/ownerMachine';
import { startAdmin } from './support';

const ORG = { $id: 'Organization-1', _t: 'Organization', _i: 1, _u: 1, displayName: 'Riverbend Nation', type: 'COMMUNITY' };
const WRITER = { userId: 'User-2', name: 'Wren', email: 'wren@x.org', contactId: null, capabilities: { write: true } };
const READER = { userId: 'User-3', name: 'Rae', email: 'rae@x.org', contactId: 'Contact-4', capabilities: { Research: true } };
const MEMBERS = { orgId: 'Organization-1', members: [READER, WRITER], capabilities: ['Research', 'Vocab', 'write'] };
const MANAGER = { orgId: 'Organization-1', org: ORG, mayChoose: false, mayManage: true };

const start = () => startAdmin(ownerMachine, undefined);
const applied = { type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.applied' } };

it('asks the owner, then its members when the caller manages them', async () => {
  const t = start();
  expect(t.sent()).toEqual([{ o: 'act/siteOwner' }]);
  expect(selectOwnerStatus(t.subject.getSnapshot())).toBe('LOADING');
  await t.reply(MANAGER);
  expect(t.sent()[1]).toEqual({ o: 'act/orgMembers', b: { orgId: 'Organization-1' } });
  expect(selectOwnerStatus(t.subject.getSnapshot())).toBe('LOADING');
  await t.reply(MEMBERS);
  const s = t.subject.getSnapshot();
  expect(selectOwnerStatus(s)).toBe('READY');
  expect(selectOwner(s)).toEqual(MANAGER);
  expect(selectOwnerMembers(s)).toEqual([READER, WRITER]);
  expect(selectMembershipCapabilities(s)).toEqual(['Research', 'Vocab', 'write']);
});

it('asks no members of someone who does not manage them, nor when none is chosen, and refuses their writes', async () => {
  const t = start();
  await t.reply({ orgId: null, org: null, mayChoose: false, mayManage: false });
  expect(t.sent()).toHaveLength(1);
  expect(selectOwnerStatus(t.subject.getSnapshot())).toBe('READY');
  t.subject.send({ type: 'owner.chosen', orgId: 'Organization-1' });
  t.subject.send({ type: 'owner.memberAdded', userId: 'User-9' });
  expect(t.sent()).toHaveLength(1);
  expect(selectOwnerMembers(t.subject.getSnapshot())).toEqual([]);
});

it("switches a capability on and off by the member's whole set, then asks again and says app.applied", async () => {
  const t = start();
  await t.reply(MANAGER);
  await t.reply(MEMBERS);
  t.subject.send({ type: 'owner.capabilitySwitched', userId: 'User-3', capability: 'Vocab', on: true });
  expect(t.sent()[2]).toEqual({
    o: 'act/setMembership',
    b: { userId: 'User-3', orgId: 'Organization-1', capabilities: { Research: true, Vocab: true } },
  });
  expect(selectOwnerStatus(t.subject.getSnapshot())).toBe('SAVING');
  expect(selectOwnerSavingKey(t.subject.getSnapshot())).toBe('User-3');
  // One write at a time: a second one waits for the first.
  t.subject.send({ type: 'owner.memberRemoved', userId: 'User-3' });
  expect(t.sent()).toHaveLength(3);
  await t.reply(null);
  expect(t.alerts).toEqual([applied]);
  expect(t.sent()[3]).toEqual({ o: 'act/siteOwner' });
  await t.reply(MANAGER);
  await t.reply(MEMBERS);
  t.subject.send({ type: 'owner.capabilitySwitched', userId: 'User-3', capability: 'Research', on: false });
  expect(t.sent()[5]).toEqual({ o: 'act/setMembership', b: { userId: 'User-3', orgId: 'Organization-1', capabilities: {} } });
});

it('keeps a refusal with the member it concerns until it is read, and the list stays', async () => {
  const t = start();
  await t.reply(MANAGER);
  await t.reply(MEMBERS);
  t.subject.send({ type: 'owner.memberRemoved', userId: 'User-2' });
  expect(t.sent()[2]).toEqual({ o: 'act/removeMembership', b: { userId: 'User-2', orgId: 'Organization-1' } });
  await t.reply({ userMessage: 'notAllowed', sysMessage: 'A writer cannot remove their own membership' }, { erred: true });
  let s = t.subject.getSnapshot();
  expect(selectOwnerStatus(s)).toBe('READY');
  expect(selectOwnerSaveError(s)).toMatchObject({ userMessage: 'notAllowed' });
  expect(selectOwnerSavingKey(s)).toBe('User-2');
  expect(selectOwnerMembers(s)).toHaveLength(2);
  expect(t.alerts).toEqual([]);
  t.subject.send({ type: 'owner.errorCleared' });
  s = t.subject.getSnapshot();
  expect(selectOwnerSaveError(s)).toBeNull();
  // A member who is not in the list is no write at all.
  t.subject.send({ type: 'owner.capabilitySwitched', userId: 'User-99', capability: 'write', on: true });
  expect(t.sent()).toHaveLength(3);
});

it('an administrator chooses the owner; a failed load shows its refusal and can be asked again', async () => {
  const t = start();
  await t.reply({ orgId: null, org: null, mayChoose: true, mayManage: false });
  t.subject.send({ type: 'owner.chosen', orgId: 'Organization-1' });
  expect(t.sent()[1]).toEqual({ o: 'act/setSiteOwner', b: { orgId: 'Organization-1' } });
  expect(selectOwnerSavingKey(t.subject.getSnapshot())).toBe('owner');
  await t.reply({ orgId: 'Organization-1' });
  await t.reply({ userMessage: 'notAllowed', sysMessage: 'Only a dedicated deployment has an owner organisation' }, { erred: true });
  expect(selectOwnerStatus(t.subject.getSnapshot())).toBe('FAILED');
  expect(selectOwnerError(t.subject.getSnapshot())).toMatchObject({ userMessage: 'notAllowed' });
  t.subject.send({ type: 'owner.reloaded' });
  await t.reply({ ...MANAGER, mayChoose: true });
  await t.reply({ userMessage: 'notAllowed' }, { erred: true });
  expect(selectOwnerStatus(t.subject.getSnapshot())).toBe('FAILED');
});

it("finds candidates beside a write, keeps only the newest search's answer, and adds the one chosen", async () => {
  const t = start();
  await t.reply(MANAGER);
  await t.reply(MEMBERS);
  t.subject.send({ type: 'owner.candidatesSearched', text: 'nia' });
  t.subject.send({ type: 'owner.candidatesSearched', text: 'nia n' });
  expect(t.sent().slice(2)).toEqual([
    { o: 'act/orgMemberCandidates', b: { orgId: 'Organization-1', text: 'nia' } },
    { o: 'act/orgMemberCandidates', b: { orgId: 'Organization-1', text: 'nia n' } },
  ]);
  const nia = { userId: 'User-5', name: 'Nia Newcomer', email: 'nia@x.org' };
  await t.reply([nia, { userId: 'User-6', name: 'Nia Other', email: 'o@x.org' }], { index: 2 });
  expect(selectMemberCandidates(t.subject.getSnapshot())).toEqual([]);
  expect(selectCandidateSearch(t.subject.getSnapshot())).toEqual({ text: 'nia n', answered: false });
  await t.reply([nia], { index: 3 });
  expect(selectMemberCandidates(t.subject.getSnapshot())).toEqual([nia]);
  expect(selectCandidateSearch(t.subject.getSnapshot())).toEqual({ text: 'nia n', answered: true });
  t.subject.send({ type: 'owner.memberAdded', userId: 'User-5' });
  expect(t.sent()[4]).toEqual({ o: 'act/setMembership', b: { userId: 'User-5', orgId: 'Organization-1', capabilities: {} } });
  expect(selectOwnerSavingKey(t.subject.getSnapshot())).toBe('new');
  await t.reply(null);
  expect(selectMemberCandidates(t.subject.getSnapshot())).toEqual([]);
  expect(selectCandidateSearch(t.subject.getSnapshot())).toBeNull();
});
