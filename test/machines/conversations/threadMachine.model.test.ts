import type { AnyMachineSnapshot } from 'xstate';
import { threadMachine, type ThreadContext } from '../../../machines/conversations/threadMachine';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const MESSAGE = (thread: string) => ({
  $id: 'Message-7',
  _t: 'Message',
  _i: 7,
  _u: 1,
  _c: { ts: '2026-05-01T10:00:00Z', by: null },
  $access: 'PROTECTED',
  $labels: {},
  thread: { id: thread },
  body: '<p>Hello</p>',
});
const READ = {
  id: 'Message-1',
  author: 'Ann Lake',
  mine: false,
  body: '<p>Hi</p>',
  files: [],
  ts: '2026-05-01T10:00:00.000Z',
  unread: false,
};
const FAILURE = { kind: 'server', userMessage: 'notAllowed' };
const FIELD_FAILURE = { kind: 'server', userMessage: 'validationFailed', fields: { body: 'errors.conversations.emptyMessage' } };

// The state, and what the guards read: messages (and whether any is unread), each error.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const c = snapshot.context as ThreadContext;
  const messages = c.messages ? `${c.messages.length}:${c.messages.some((m) => m.unread) ? 'unread' : 'read'}` : '-';
  return [JSON.stringify(snapshot.value), messages, c.error ? 'e' : '', c.sendError ? 's' : '', c.resolveError ? 'r' : ''].join('|');
};

test('model: every state and transition of a thread screen', () => {
  const report = exploreModel({
    name: 'threadMachine',
    machine: threadMachine,
    variants: [{ name: 'a thread', input: () => ({ threadId: 'Thread-1' }) }],
    events: [
      { type: 'xstate.done.actor.load', output: { messages: [READ], participants: ['Ann Lake'] } },
      { type: 'xstate.done.actor.load', output: { messages: [{ ...READ, unread: true }], participants: ['Ann Lake'] } },
      { type: 'xstate.error.actor.load', error: FAILURE },
      { type: 'thread.retried' },
      { type: 'thread.sent', body: '<p>Yes</p>', attachments: [] },
      { type: 'xstate.done.actor.post', output: { messageId: 'Message-9' } },
      { type: 'xstate.error.actor.post', error: FIELD_FAILURE },
      { type: 'thread.resolvedSet', resolved: true, u: 3 },
      { type: 'xstate.done.actor.resolve', output: {} },
      { type: 'xstate.error.actor.resolve', error: { kind: 'server', userMessage: 'staleUpdate' } },
      { type: 'xstate.done.actor.read.1', actorId: 'read.1', output: { threadId: 'Thread-1' } },
      { type: 'xstate.error.actor.read.1', actorId: 'read.1', error: FAILURE },
      { type: 'session.pushed', frame: { o: 'item/update', b: MESSAGE('Thread-1') } },
      { type: 'session.pushed', frame: { o: 'item/update', b: MESSAGE('Thread-2') } },
      { type: 'session.pushed', frame: { o: 'authed', b: { $id: 'User-1' } } },
    ],
    serializeState,
  });
  // view: LOADING, READY, FAILED; composer: IDLE, SENDING; resolve: IDLE, SAVING, and the three regions.
  expectFullCoverage(report, 10);
});
