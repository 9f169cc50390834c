import { assign } from 'xstate';
import { COOKIES_KEY, ShellTicket, shellMachine, type ShellContext } from '../../../machines/session/shellMachine';
import { buildUser, MemoryStorage } from './support/fakes';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const replied = (ticket: string, b: unknown) => ({ type: 'connection.replied', ticket, o: 'act', frame: { o: 'act', b } });
const failed = (ticket: string, userMessage = 'generalFailure') => ({
  type: 'connection.failed',
  ticket,
  o: 'act',
  failure: { kind: 'server', userMessage },
});

// Without a connection in the model's system the real sendUpdate sends nothing and changes nothing:
// this one does what it does to the context.
const machine = shellMachine.provide({
  actions: {
    sendUpdate: assign(({ context }: { context: ShellContext }) => ({
      saving: context.unsaved,
      unsaved: {},
      attempts: context.attempts + 1,
    })),
  },
});

const accepted = (): MemoryStorage => {
  const storage = new MemoryStorage();
  storage.setItem(COOKIES_KEY, '1');
  return storage;
};

test('model: every state and transition of the shell actor', () => {
  const report = exploreModel({
    name: 'shellMachine',
    machine,
    variants: [
      { name: 'first visit', input: () => ({ storage: new MemoryStorage() }) },
      { name: 'cookies accepted before', input: () => ({ storage: accepted() }) },
    ],
    events: [
      { type: 'session.userChanged', user: buildUser({ $id: 'User-1' }) },
      { type: 'session.userChanged', user: null },
      { type: 'shell.prefSet', pref: 'hideGuidance', value: true },
      { type: 'shell.cookiesAccepted' },
      { type: 'shell.searchToggled' },
      { type: 'shell.searchClosed' },
      { type: 'shell.newVersionFound' },
      { type: 'shell.newVersionAccepted' },
      { type: 'shell.newVersionPostponed' },
      replied(ShellTicket.read, { $id: 'User-1', _u: 1 }),
      failed(ShellTicket.read),
      replied(ShellTicket.update, { $id: 'User-1', _u: 2 }),
      failed(ShellTicket.update, 'staleUpdate'),
      failed(ShellTicket.update),
      replied('other', null),
    ],
    // The state, who is signed in, the preferences and what is unsaved or being saved, the saves tried.
    serializeState: (snapshot) => {
      const c = snapshot.context as ShellContext;
      return JSON.stringify([snapshot.value, c.userId, c.prefs, c.unsaved, c.saving, c.attempts, c.searchOpen]);
    },
  });
  expectFullCoverage(report, 12);
});
