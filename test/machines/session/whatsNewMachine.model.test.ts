import { assign } from 'xstate';
import { newestVersion, Ticket, whatsNewMachine, type WhatsNewContext } from '../../../machines/session/whatsNewMachine';
import { buildUser } from './support/fakes';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const replied = (ticket: string, b: unknown) => ({ type: 'connection.replied', ticket, o: 'act', frame: { o: 'act', b } });
const failed = (ticket: string, userMessage = 'generalFailure') => ({
  type: 'connection.failed',
  ticket,
  o: 'act',
  failure: { kind: 'server', userMessage },
});

// Without a connection in the model's system the real sendUpdate sends nothing and changes nothing:
// this one does what it does to the context, which the replies then act on.
const machine = whatsNewMachine.provide({
  actions: {
    sendUpdate: assign(({ context }: { context: WhatsNewContext }) => ({
      seenBefore: context.seen,
      seen: newestVersion(context.entries),
      seenAsked: false,
      attempts: context.attempts + 1,
    })),
  },
});

test("model: every state and transition of the what's-new actor", () => {
  const report = exploreModel({
    name: 'whatsNewMachine',
    machine,
    variants: [{ name: 'default', input: () => ({ locale: 'en' }) }],
    events: [
      { type: 'session.userChanged', user: buildUser({ $id: 'User-1' }) },
      { type: 'session.userChanged', user: null },
      { type: 'whatsNew.seen' },
      replied(Ticket.list, [{ $id: 'WhatsNew-1', version: 'v1.0.0', title: 'One', body: '' }]),
      failed(Ticket.list),
      replied(Ticket.read('User-1'), { $id: 'User-1', _u: 1, whatsNewSeen: null }),
      failed(Ticket.read('User-1')),
      replied(Ticket.update('User-1'), { $id: 'User-1', _u: 2, whatsNewSeen: 'v1.0.0' }),
      failed(Ticket.update('User-1'), 'staleUpdate'),
      failed(Ticket.update('User-1')),
      { type: 'session.pushed', frame: { o: 'item/update', b: { $id: 'User-1', _u: 3, whatsNewSeen: 'v1.0.0' } } },
      { type: 'session.pushed', frame: { o: 'item/update', b: { $id: 'WhatsNew-2', _t: 'WhatsNew' } } },
      replied('other', null),
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
