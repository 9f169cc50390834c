import type { AnyMachineSnapshot } from 'xstate';
import { conversationsMachine, type ConversationsContext } from '../../../machines/conversations/conversationsMachine';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const USER = { $id: 'User-1', name: 'Ann Lake', admin: false, organizations: {} };
const THREAD = {
  id: 'Thread-1',
  subject: 'Camp',
  resolved: false,
  purpose: null,
  context: null,
  lastTs: '2026-05-01T10:00:00.000Z',
  unread: 2,
};
const item = (type: string) => ({
  $id: `${type}-1`,
  _t: type,
  _i: 1,
  _u: 2,
  _c: { ts: '2026-05-01T10:00:00Z', by: null },
  $access: 'PROTECTED',
  $labels: {},
});

// The state, and what the screens read: the list (and its unread total), an error, resolved shown.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const c = snapshot.context as ConversationsContext;
  return [
    JSON.stringify(snapshot.value),
    c.threads ? `${c.threads.length}/${c.unread}` : '-',
    c.error ? 'e' : '',
    c.resolved ? 'all' : 'open',
  ].join('|');
};

test('model: every state and transition of the user’s conversations', () => {
  const report = exploreModel({
    name: 'conversationsMachine',
    machine: conversationsMachine,
    variants: [{ name: 'a session', input: () => undefined }],
    events: [
      { type: 'session.userChanged', user: USER },
      { type: 'session.userChanged', user: null },
      { type: 'xstate.done.actor.load', output: { threads: [THREAD], unread: 2 } },
      { type: 'xstate.error.actor.load', error: { kind: 'server', userMessage: 'notAllowed' } },
      { type: 'conversations.refresh' },
      { type: 'conversations.resolvedShown', resolved: true },
      { type: 'session.pushed', frame: { o: 'item/update', b: item('Message') } },
      { type: 'session.pushed', frame: { o: 'item/update', b: item('Meeting') } },
      { type: 'session.pushed', frame: { o: 'authed', b: { $id: 'User-1' } } },
      { type: 'xstate.done.actor.watch.1', actorId: 'watch.1', output: { count: 1 } },
      { type: 'xstate.error.actor.watch.2', actorId: 'watch.2', error: { kind: 'server', userMessage: 'tooLarge' } },
    ],
    serializeState,
  });
  expectFullCoverage(report, 5);
});
