import { whatsNewMachine, type WhatsNewContext } from '../../../machines/session/whatsNewMachine';
import { buildUser } from './support/fakes';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const done = (actorId: string, output: unknown) => ({ type: `xstate.done.actor.${actorId}`, actorId, output });
const failed = (actorId: string, userMessage = 'generalFailure') => ({
  type: `xstate.error.actor.${actorId}`,
  actorId,
  error: { kind: 'server', userMessage },
});

test("model: every state and transition of the what's-new actor", () => {
  const report = exploreModel({
    name: 'whatsNewMachine',
    machine: whatsNewMachine,
    variants: [{ name: 'default', input: () => ({ locale: 'en' }) }],
    events: [
      { type: 'session.userChanged', user: buildUser({ $id: 'User-1' }) },
      { type: 'session.userChanged', user: null },
      { type: 'whatsNew.seen' },
      done('list', [{ $id: 'WhatsNew-1', version: 'v1.0.0', title: 'One', body: '' }]),
      failed('list'),
      done('readUser', { $id: 'User-1', _u: 1, whatsNewSeen: null }),
      failed('readUser'),
      done('update', { $id: 'User-1', _u: 2, whatsNewSeen: 'v1.0.0' }),
      failed('update', 'staleUpdate'),
      failed('update'),
      { type: 'session.pushed', frame: { o: 'item/update', b: { $id: 'User-1', _u: 3, whatsNewSeen: 'v1.0.0' } } },
      { type: 'session.pushed', frame: { o: 'item/update', b: { $id: 'WhatsNew-2', _t: 'WhatsNew' } } },
    ],
    // The state, who is signed in, what is loaded and seen, and the saves tried (at most two).
    serializeState: (snapshot) => {
      const c = snapshot.context as WhatsNewContext;
      return JSON.stringify([
        snapshot.value,
        c.userId,
        c.entries.length,
        c.seen,
        c.userU,
        c.seenBefore,
        c.seenAsked,
        c.listLoaded,
        c.userLoaded,
        c.attempts,
      ]);
    },
  });
  expectFullCoverage(report, 6);
});
