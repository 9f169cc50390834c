import { notificationsMachine, Ticket } from '../../../machines/session/notificationsMachine';
import { buildUser } from './support/fakes';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const replied = (ticket: string, b: unknown) => ({ type: 'connection.replied', ticket, o: 'act', frame: { o: 'act', b } });
const failed = (ticket: string) => ({
  type: 'connection.failed',
  ticket,
  o: 'act',
  failure: { kind: 'server', userMessage: 'generalFailure' },
});

test('model: every state and transition of the notifications actor', () => {
  const report = exploreModel({
    name: 'notificationsMachine',
    machine: notificationsMachine,
    variants: [{ name: 'default', input: () => undefined as never }],
    events: [
      { type: 'session.userChanged', user: buildUser({ $id: 'User-1' }) },
      { type: 'session.userChanged', user: null },
      { type: 'notifications.markRequested', indexes: [1], unread: false },
      { type: 'notifications.allMarkedRead' },
      { type: 'notifications.moreRequested' },
      { type: 'session.pushed', frame: { o: 'item/notify', b: { index: 1, context: 'Contact-1', kind: 'updated', unread: true } } },
      { type: 'session.pushed', frame: { o: 'item/update', b: { $id: 'Contact-1' } } },
      replied(Ticket.pairs('User-1'), { notifyPairs: [[1, 'Contact-1']] }),
      failed(Ticket.pairs('User-1')),
      replied(Ticket.page('User-1'), []),
      failed(Ticket.page('User-1')),
      replied(Ticket.some('User-1'), []),
      replied(Ticket.mark('User-1'), { notifyPairs: [] }),
      failed(Ticket.mark('User-1')),
      replied('other', null),
    ],
    // The state, who is signed in, whether there are unread and what is loaded; lists only grow.
    serializeState: (snapshot) => {
      const c = snapshot.context as {
        userId: string | null;
        pairs: unknown[];
        pairsLoaded: boolean;
        pageLoaded: boolean;
        loadingPage: boolean;
        complete: boolean;
        marking: number;
      };
      return JSON.stringify([
        snapshot.value,
        c.userId,
        c.pairs.length > 0,
        c.pairsLoaded,
        c.pageLoaded,
        c.loadingPage,
        c.complete,
        c.marking > 0,
      ]);
    },
  });
  expectFullCoverage(report, 3);
});
