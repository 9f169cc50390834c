import { ownerMachine } from '../../../machines/admin/ownerMachine';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const done = (actorId: string, output: unknown) => ({ type: `xstate.done.actor.${actorId}`, actorId, output });
const failed = (actorId: string) => ({
  type: `xstate.error.actor.${actorId}`,
  actorId,
  error: { kind: 'server', userMessage: 'notAllowed' },
});
const MEMBER = { userId: 'User-3', name: 'Rae', email: 'rae@x.org', contactId: null, capabilities: {} };

test('model: every state and transition of the owner actor', () => {
  const report = exploreModel({
    name: 'ownerMachine',
    machine: ownerMachine,
    variants: [{ name: 'fresh', input: () => undefined }],
    events: [
      { type: 'owner.reloaded' },
      { type: 'owner.chosen', orgId: 'Organization-1' },
      { type: 'owner.capabilitySwitched', userId: 'User-3', capability: 'write', on: true },
      { type: 'owner.memberAdded', userId: 'User-5' },
      { type: 'owner.memberRemoved', userId: 'User-3' },
      { type: 'owner.candidatesSearched', text: 'nia' },
      { type: 'owner.errorCleared' },
      done('owner', { orgId: 'Organization-1', org: null, mayChoose: true, mayManage: true }),
      done('owner', { orgId: null, org: null, mayChoose: false, mayManage: false }),
      failed('owner'),
      done('members', { orgId: 'Organization-1', members: [MEMBER], capabilities: ['write'] }),
      failed('members'),
      done('candidates', [{ userId: 'User-5', name: 'Nia', email: 'n@x.org' }]),
      failed('candidates'),
      done('save', null),
      failed('save'),
    ],
    serializeState: (snapshot) => {
      const c = snapshot.context as {
        saveError: unknown;
        error: unknown;
        owner: { mayChoose: boolean; mayManage: boolean } | null;
        members: unknown[];
        candidates: unknown[];
        search: { answered: boolean } | null;
      };
      return JSON.stringify([
        snapshot.value,
        c.saveError !== null,
        c.error !== null,
        c.owner?.mayChoose ?? null,
        c.owner?.mayManage ?? null,
        c.members.length > 0,
        c.candidates.length > 0,
        c.search?.answered ?? null,
      ]);
    },
  });
  expectFullCoverage(report, 10);
});
