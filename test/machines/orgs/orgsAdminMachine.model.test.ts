import { orgsAdminMachine } from '../../../machines/orgs/orgsAdminMachine';
import { buildUser } from '../session/support/fakes';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const done = (actorId: string, output: unknown) => ({ type: `xstate.done.actor.${actorId}`, actorId, output });
const failed = (actorId: string) => ({
  type: `xstate.error.actor.${actorId}`,
  actorId,
  error: { kind: 'server', userMessage: 'generalFailure' },
});

test('model: every state and transition of the organisations module actor', () => {
  const report = exploreModel({
    name: 'orgsAdminMachine',
    machine: orgsAdminMachine,
    variants: [
      { name: 'dedicated', input: () => ({ dedicated: true }) },
      { name: 'non-dedicated', input: () => ({ dedicated: false }) },
    ],
    events: [
      { type: 'session.userChanged', user: buildUser({ $id: 'User-1', admin: true, organizations: {} }) },
      { type: 'session.userChanged', user: buildUser({ $id: 'User-2', admin: false, organizations: { 'Organization-1': {} } }) },
      { type: 'session.userChanged', user: null },
      { type: 'orgs.sessionsRequested', userId: 'User-1' },
      { type: 'orgs.sessionEnded', userId: 'User-1', sessionId: '0123456789abcdef' },
      { type: 'orgs.allSessionsEnded', userId: 'User-3' },
      { type: 'orgs.accountRequested', userId: 'User-3' },
      { type: 'orgs.blockSet', userId: 'User-3', blocked: true },
      { type: 'orgs.capabilitiesSet', userId: 'User-3', capabilities: { Research: true } },
      { type: 'orgs.membershipSet', userId: 'User-3', orgId: 'Organization-1', capabilities: { write: true } },
      { type: 'orgs.membershipRemoved', userId: 'User-3', orgId: 'Organization-1' },
      { type: 'orgs.userStatesRequested', contactIds: ['Contact-1'] },
      { type: 'orgs.inviteRequested', contactId: 'Contact-1' },
      { type: 'orgs.listRequested', list: 'organizations' },
      done('sessions:User-1#1', []),
      failed('list:contacts#2'),
      done('someone', {}),
    ],
    // The state and who is signed in; what is cached per user and contact only grows.
    serializeState: (snapshot) => JSON.stringify([snapshot.value, (snapshot.context as { user: { id: string } | null }).user?.id ?? null]),
  });
  expectFullCoverage(report, 2);
});
