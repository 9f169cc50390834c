import {
  orgsAdminMachine,
  selectContactEntry,
  selectList,
  selectOrgsStatus,
  selectRoles,
  selectUserEntry,
  type OrgsUser,
} from '../../../machines/orgs/orgsAdminMachine';
import { SEARCH_MAX_ALL } from '../../../src/shared/constants';
import type { UserWatchEvent } from '../../../machines/session/userWatch';
import { settled, startInSession } from '../router/support/sessionFakes';
import { buildUser } from '../session/support/fakes';

const ADMIN: OrgsUser = { id: 'User-1', admin: true, orgIds: [] };
const MEMBER: OrgsUser = { id: 'User-2', admin: false, orgIds: ['Organization-4', 'Organization-2'] };
const APPLIED = { type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.applied' } };

/** What the shared user watcher reports for `user` (null: nobody signed in). */
const signedIn = (user: OrgsUser | null): UserWatchEvent => ({
  type: 'session.userChanged',
  user: user && buildUser({ $id: user.id, admin: user.admin, organizations: Object.fromEntries(user.orgIds.map((id) => [id, {}])) }),
});
function start(user: OrgsUser | null = ADMIN, dedicated = true) {
  const h = startInSession(orgsAdminMachine, { systemId: 'orgsAdmin', input: { dedicated }, signedIn: true });
  if (user) h.subject.send(signedIn(user));
  return { ...h, snapshot: () => h.subject.getSnapshot(), ops: () => h.sent().map((f) => f.o) };
}

describe('organisations module actor', () => {
  it('asks nothing until someone is signed in, and forgets everything at sign-out', async () => {
    const t = start(null);
    t.subject.send({ type: 'orgs.listRequested', list: 'organizations' });
    expect(t.ops()).toEqual([]);
    t.subject.send(signedIn(ADMIN));
    t.subject.send({ type: 'orgs.sessionsRequested', userId: 'User-1' });
    t.reply([
      { id: 'abcdef0123456789', started: '2026-01-01T10:00:00Z', expires: '2026-01-02T10:00:00Z', current: true, masqueraded: false },
    ]);
    await settled();
    expect(selectUserEntry(t.snapshot(), 'User-1').sessions).toHaveLength(1);
    t.subject.send(signedIn(null));
    expect(selectOrgsStatus(t.snapshot())).toBe('SIGNED_OUT');
    expect(selectUserEntry(t.snapshot(), 'User-1').sessions).toBeNull();
  });

  it("lists the user's own sessions, ends one with an alert, and reads them again", async () => {
    const t = start();
    t.subject.send({ type: 'orgs.sessionsRequested', userId: 'User-1' });
    expect(t.sent().at(-1)).toEqual({ o: 'act/mySessions' });
    expect(selectUserEntry(t.snapshot(), 'User-1').busy).toEqual(['sessions']);
    t.reply([
      { id: 'abcdef0123456789', started: '2026-01-01T10:00:00Z', expires: '2026-01-02T10:00:00Z', current: true, masqueraded: false },
      { id: '0123456789abcdef', started: '2026-01-01T09:00:00Z', expires: '2026-01-02T09:00:00Z', current: false },
      { id: 42 },
    ]);
    await settled();
    expect(selectUserEntry(t.snapshot(), 'User-1')).toMatchObject({
      busy: [],
      sessions: [{ current: true }, { id: '0123456789abcdef', masqueraded: false }],
    });
    t.subject.send({ type: 'orgs.sessionEnded', userId: 'User-1', sessionId: '0123456789abcdef' });
    expect(t.sent().at(-1)).toEqual({ o: 'act/endMySession', b: { id: '0123456789abcdef' } });
    t.reply(null);
    await settled();
    expect(t.alerts).toEqual([APPLIED]);
    expect(t.sent().at(-1)).toEqual({ o: 'act/mySessions' });
  });

  it("reads a user's account and the grantable capabilities once, and reads the account again after each change", async () => {
    const t = start();
    t.subject.send({ type: 'orgs.accountRequested', userId: 'User-7' });
    expect(t.sent()).toEqual([{ o: 'act/userAccount', b: { userId: 'User-7' } }, { o: 'act/rolesAvailable' }]);
    t.reply(['Research', 'write', 7]);
    await settled();
    t.reply(
      {
        userId: 'User-7',
        admin: false,
        blocked: false,
        capabilities: { Research: true, x: 'y' },
        memberships: [{ orgId: 'Organization-2', capabilities: { write: true } }],
      },
      { index: 0 },
    );
    await settled();
    expect(selectRoles(t.snapshot())).toEqual(['Research', 'write']);
    expect(selectUserEntry(t.snapshot(), 'User-7').account).toEqual({
      userId: 'User-7',
      admin: false,
      blocked: false,
      capabilities: { Research: true },
      memberships: [{ orgId: 'Organization-2', label: 'Organization-2', capabilities: { write: true } }],
    });
    t.subject.send({ type: 'orgs.accountRequested', userId: 'User-7' });
    expect(t.ops().filter((o) => o === 'act/rolesAvailable')).toHaveLength(1);
    t.reply({ userId: 'User-7', admin: false, blocked: false, capabilities: {}, memberships: [] });
    await settled();

    const changes = [
      [
        { type: 'orgs.capabilitiesSet', userId: 'User-7', capabilities: { Research: false } },
        { o: 'act/setCapabilities', b: { userId: 'User-7', capabilities: { Research: false } } },
      ],
      [
        { type: 'orgs.membershipSet', userId: 'User-7', orgId: 'Organization-2', capabilities: { write: false } },
        { o: 'act/setMembership', b: { userId: 'User-7', orgId: 'Organization-2', capabilities: { write: false } } },
      ],
      [
        { type: 'orgs.membershipRemoved', userId: 'User-7', orgId: 'Organization-2' },
        { o: 'act/removeMembership', b: { userId: 'User-7', orgId: 'Organization-2' } },
      ],
      [
        { type: 'orgs.blockSet', userId: 'User-7', blocked: true },
        { o: 'act/blockUser', b: { userId: 'User-7', blocked: true } },
      ],
    ] as const;
    for (const [event, frame] of changes) {
      t.subject.send(event);
      expect(t.sent().at(-1)).toEqual(frame);
      expect(selectUserEntry(t.snapshot(), 'User-7').busy.length).toBe(1);
      t.reply(null);
      await settled();
      expect(t.sent().at(-1)).toEqual({ o: 'act/userAccount', b: { userId: 'User-7' } });
      t.reply({ userId: 'User-7', admin: false, blocked: event.type === 'orgs.blockSet', capabilities: {}, memberships: [] });
      await settled();
      expect(selectUserEntry(t.snapshot(), 'User-7').busy).toEqual([]);
    }
    expect(selectUserEntry(t.snapshot(), 'User-7').account?.blocked).toBe(true);
    expect(t.alerts).toEqual([APPLIED, APPLIED, APPLIED, APPLIED]);
  });

  it('ends all sessions of a user and keeps a refusal as the error of that user only', async () => {
    const t = start();
    t.subject.send({ type: 'orgs.allSessionsEnded', userId: 'User-7' });
    expect(t.sent().at(-1)).toEqual({ o: 'act/endSessions', b: { userId: 'User-7' } });
    t.reply({ ended: 2 });
    await settled();
    expect(t.alerts).toEqual([APPLIED]);
    t.subject.send({ type: 'orgs.blockSet', userId: 'User-8', blocked: true });
    t.reply({ userMessage: 'notAllowed', sysMessage: 'An administrator cannot be blocked' }, { erred: true });
    await settled();
    expect(selectUserEntry(t.snapshot(), 'User-8')).toMatchObject({
      busy: [],
      error: { userMessage: 'notAllowed', sysMessage: 'An administrator cannot be blocked' },
    });
    expect(selectUserEntry(t.snapshot(), 'User-7').error).toBeNull();
    expect(t.alerts).toEqual([APPLIED]);
    // Asking again clears the error.
    t.subject.send({ type: 'orgs.blockSet', userId: 'User-8', blocked: true });
    expect(selectUserEntry(t.snapshot(), 'User-8').error).toBeNull();
  });

  it('invites a contact, says so, and reads its user state again', async () => {
    const t = start();
    t.subject.send({ type: 'orgs.userStatesRequested', contactIds: ['Contact-3', 'Contact-1', 'Contact-3'] });
    expect(t.sent().at(-1)).toEqual({ o: 'act/userStates', b: { contactIds: ['Contact-1', 'Contact-3'] } });
    t.reply({ states: { 'Contact-1': 'WEEK', 'Contact-3': 'NONE' } });
    await settled();
    expect(selectContactEntry(t.snapshot(), 'Contact-3').userState).toBe('NONE');
    t.subject.send({ type: 'orgs.inviteRequested', contactId: 'Contact-3' });
    expect(t.sent().at(-1)).toEqual({ o: 'act/invite', b: { contactId: 'Contact-3' } });
    expect(selectContactEntry(t.snapshot(), 'Contact-3').busy).toBe(true);
    t.reply({ userId: 'User-9', invited: true });
    await settled();
    expect(selectContactEntry(t.snapshot(), 'Contact-3')).toMatchObject({ busy: false, invited: true });
    expect(t.alerts).toEqual([APPLIED]);
    expect(t.sent().at(-1)).toEqual({ o: 'act/userStates', b: { contactIds: ['Contact-3'] } });
    t.reply({ states: { 'Contact-3': 'INVITED' } });
    await settled();
    expect(selectContactEntry(t.snapshot(), 'Contact-3').userState).toBe('INVITED');
    expect(selectContactEntry(t.snapshot(), 'Contact-1').userState).toBe('WEEK');
  });

  it('asks user states on non-dedicated sites too and keeps when each user was last seen', async () => {
    const t = start(ADMIN, false);
    t.subject.send({ type: 'orgs.userStatesRequested', contactIds: ['Contact-3'] });
    t.reply({ states: { 'Contact-3': 'INVITED' }, lastSeen: {} });
    await settled();
    expect(selectContactEntry(t.snapshot(), 'Contact-3')).toMatchObject({ userState: 'INVITED', lastSeen: null });
    // Asked again later (the panel shown again), the accepted invitation shows.
    t.subject.send({ type: 'orgs.userStatesRequested', contactIds: ['Contact-3'] });
    t.reply({ states: { 'Contact-3': 'WEEK' }, lastSeen: { 'Contact-3': '2026-11-26T10:00:00.000Z', 'Contact-4': 5 } });
    await settled();
    expect(selectContactEntry(t.snapshot(), 'Contact-3')).toMatchObject({ userState: 'WEEK', lastSeen: '2026-11-26T10:00:00.000Z' });
    expect(t.ops()).toEqual(['act/userStates', 'act/userStates']);
    t.subject.send({ type: 'orgs.userStatesRequested', contactIds: [] });
    expect(t.ops()).toHaveLength(2);
  });

  it('keeps the field error of a refused invitation', async () => {
    const t = start(ADMIN, false);
    t.subject.send({ type: 'orgs.inviteRequested', contactId: 'Contact-3' });
    t.reply({ userMessage: 'validationFailed', fields: { email: 'errors.invalidEmail' } }, { erred: true });
    await settled();
    expect(selectContactEntry(t.snapshot(), 'Contact-3')).toMatchObject({
      busy: false,
      invited: false,
      error: { userMessage: 'errors.invalidEmail' },
    });
    expect(t.ops()).toEqual(['act/invite']);
  });

  it('lists every organisation and contact for administrators, sorted by label', async () => {
    const t = start();
    t.subject.send({ type: 'orgs.listRequested', list: 'organizations' });
    expect(t.sent().at(-1)).toEqual({
      o: 'search/ids',
      b: { must: { _: 'Organization' }, max: SEARCH_MAX_ALL, labels: true, sort: [{ key: 'label', order: 'asc' }] },
    });
    expect(selectList(t.snapshot(), 'organizations')?.status).toBe('LOADING');
    t.reply({ ids: ['Organization-2', 'Organization-4'], labels: { 'Organization-2': 'Coastal Mining' }, total: 2 });
    await settled();
    expect(selectList(t.snapshot(), 'organizations')).toEqual({
      status: 'READY',
      error: null,
      entries: [
        { id: 'Organization-2', label: 'Coastal Mining' },
        { id: 'Organization-4', label: 'Organization-4' },
      ],
    });
    t.subject.send({ type: 'orgs.listRequested', list: 'contacts' });
    expect(t.sent().at(-1)).toMatchObject({ o: 'search/ids', b: { must: { _: 'Contact' } } });
    t.reply({ userMessage: 'generalFailure' }, { erred: true });
    await settled();
    expect(selectList(t.snapshot(), 'contacts')).toEqual({ status: 'FAILED', entries: [], error: { userMessage: 'generalFailure' } });
  });

  it("lists a member's own organisations and their contacts, and nothing for someone without any", async () => {
    const t = start(MEMBER);
    t.subject.send({ type: 'orgs.listRequested', list: 'organizations' });
    expect(t.sent().at(-1)).toMatchObject({ b: { must: { _: 'Organization' }, ids: ['Organization-4', 'Organization-2'] } });
    t.subject.send({ type: 'orgs.listRequested', list: 'contacts' });
    expect(t.sent().at(-1)).toMatchObject({ b: { must: { _: 'Contact', 'ft-_related': ['Organization-4', 'Organization-2'] } } });
    t.subject.send(signedIn({ id: 'User-3', admin: false, orgIds: [] }));
    t.subject.send({ type: 'orgs.listRequested', list: 'contacts' });
    expect(t.sent()).toHaveLength(2);
    expect(selectList(t.snapshot(), 'contacts')).toEqual({ status: 'READY', entries: [], error: null });
  });

  it('ignores the ends of other actors, and answers that arrive after the user changed', async () => {
    const t = start();
    t.subject.send({ type: 'orgs.listRequested', list: 'organizations' });
    t.subject.send({ type: 'xstate.done.actor.someone', actorId: 'someone', output: { ids: ['Organization-9'] } });
    expect(selectList(t.snapshot(), 'organizations')?.status).toBe('LOADING');
    t.subject.send(signedIn(MEMBER));
    t.subject.send(signedIn(null));
    t.reply({ ids: ['Organization-2'], labels: {} });
    await settled();
    expect(selectList(t.snapshot(), 'organizations')).toBeUndefined();
  });

  it('keeps what it knows when the same user changes organisations, and lists by the new ones', async () => {
    const t = start(null);
    expect(selectOrgsStatus(t.snapshot())).toBe('SIGNED_OUT');
    t.subject.send(signedIn(MEMBER));
    t.subject.send(signedIn({ ...MEMBER, orgIds: ['Organization-2'] }));
    t.subject.send({ type: 'orgs.listRequested', list: 'organizations' });
    expect(t.sent().at(-1)).toMatchObject({ b: { ids: ['Organization-2'] } });
  });
});
