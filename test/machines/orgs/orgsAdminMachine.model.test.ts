import { orgsAdminMachine } from '../../../machines/orgs/orgsAdminMachine';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const reply = { type: 'connection.replied', ticket: 'sessions:User-1', o: 'act/mySessions', frame: { o: 'act/mySessions', b: [] } };
const failure = {
  type: 'connection.failed',
  ticket: 'list:contacts',
  o: 'search/ids',
  failure: { kind: 'server', userMessage: 'generalFailure' },
};

test('model: every state and transition of the organisations module actor', () => {
  const report = exploreModel({
    name: 'orgsAdminMachine',
    machine: orgsAdminMachine,
    variants: [
      { name: 'dedicated', input: () => ({ dedicated: true }) },
      { name: 'non-dedicated', input: () => ({ dedicated: false }) },
    ],
    events: [
      { type: 'orgs.userChanged', user: { id: 'User-1', admin: true, orgIds: [] } },
      { type: 'orgs.userChanged', user: { id: 'User-2', admin: false, orgIds: ['Organization-1'] } },
      { type: 'orgs.userChanged', user: null },
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
      reply,
      failure,
      { ...reply, ticket: 'read' },
    ],
    // The state and who is signed in; what is cached per user and contact only grows.
    serializeState: (snapshot) => JSON.stringify([snapshot.value, (snapshot.context as { user: { id: string } | null }).user?.id ?? null]),
  });
  expectFullCoverage(report, 2);
});
