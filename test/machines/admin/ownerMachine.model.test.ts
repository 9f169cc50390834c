import { createActor } from 'xstate';
import type { AdminConnection } from '../../../machines/admin/adminRequests';
import { ownerMachine } from '../../../machines/admin/ownerMachine';
import { fakeConnection } from '../router/support/sessionFakes';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const replied = (ticket: string, b: unknown) => ({ type: 'connection.replied', ticket, o: 'x', frame: { o: 'x', b } });
const failed = (ticket: string) => ({ type: 'connection.failed', ticket, o: 'x', failure: { kind: 'server', userMessage: 'notAllowed' } });
const input = () => ({ connection: createActor(fakeConnection).start() as unknown as AdminConnection, alerts: null });
const MEMBER = { userId: 'User-3', name: 'Rae', email: 'rae@x.org', contactId: null, capabilities: {} };

test('model: every state and transition of the owner actor', () => {
  const report = exploreModel({
    name: 'ownerMachine',
    machine: ownerMachine,
    variants: [{ name: 'fresh', input }],
    events: [
      { type: 'owner.reloaded' },
      { type: 'owner.chosen', orgId: 'Organization-1' },
      { type: 'owner.capabilitySwitched', userId: 'User-3', capability: 'write', on: true },
      { type: 'owner.memberAdded', userId: 'User-5' },
      { type: 'owner.memberRemoved', userId: 'User-3' },
      { type: 'owner.candidatesSearched', text: 'nia' },
      { type: 'owner.errorCleared' },
      // Generation 1 is the first load; the traversal's serialized state ignores later generations.
      replied('owner:1', { orgId: 'Organization-1', org: null, mayChoose: true, mayManage: true }),
      replied('owner:1', { orgId: null, org: null, mayChoose: false, mayManage: false }),
      failed('owner:1'),
      replied('members:1', { orgId: 'Organization-1', members: [MEMBER], capabilities: ['write'] }),
      failed('members:1'),
      replied('candidates:1', [{ userId: 'User-5', name: 'Nia', email: 'n@x.org' }]),
      failed('candidates:1'),
      replied('save', null),
      failed('save'),
      replied('other', {}),
    ],
    serializeState: (snapshot) => {
      const c = snapshot.context as {
        generation: number;
        searches: number;
        saveError: unknown;
        owner: { mayChoose: boolean; mayManage: boolean } | null;
        members: unknown[];
      };
      return JSON.stringify([
        snapshot.value,
        c.generation === 1,
        c.searches === 1,
        c.saveError !== null,
        c.owner?.mayChoose ?? null,
        c.owner?.mayManage ?? null,
        c.members.length > 0,
      ]);
    },
  });
  expectFullCoverage(report, 6);
});
