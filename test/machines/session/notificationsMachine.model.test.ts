import { notificationsMachine } from '../../../machines/session/notificationsMachine';
import { buildUser } from './support/fakes';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const done = (actorId: string, output: unknown) => ({ type: `xstate.done.actor.${actorId}`, actorId, output });
const failed = (actorId: string) => ({
  type: `xstate.error.actor.${actorId}`,
  actorId,
  error: { kind: 'server', userMessage: 'generalFailure' },
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
      // LOADING's invoked requests, then READY's spawned ones (named `<kind>.<n>`).
      done('pairs', { notifyPairs: [[1, 'Contact-1']] }),
      failed('pairs'),
      done('page', []),
      failed('page'),
      done('pairs.1', { notifyPairs: [[1, 'Contact-1']] }),
      failed('pairs.1'),
      done('page.1', []),
      failed('page.1'),
      done('some.1', []),
      failed('some.1'),
      done('mark.1', { notifyPairs: [] }),
      failed('mark.1'),
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
