import { COOKIES_KEY, shellMachine, type ShellContext } from '../../../machines/session/shellMachine';
import { buildUser, MemoryStorage } from './support/fakes';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const done = (actorId: string, output: unknown) => ({ type: `xstate.done.actor.${actorId}`, actorId, output });
const failed = (actorId: string, userMessage = 'generalFailure') => ({
  type: `xstate.error.actor.${actorId}`,
  actorId,
  error: { kind: 'server', userMessage },
});

const accepted = (): MemoryStorage => {
  const storage = new MemoryStorage();
  storage.setItem(COOKIES_KEY, '1');
  return storage;
};

test('model: every state and transition of the shell actor', () => {
  const report = exploreModel({
    name: 'shellMachine',
    machine: shellMachine,
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
      done('readUser', { $id: 'User-1', _u: 1 }),
      done('readUser', { $id: 'User-1' }),
      failed('readUser'),
      done('update', { $id: 'User-1', _u: 2 }),
      failed('update', 'staleUpdate'),
      failed('update'),
    ],
    // The state, who is signed in, the preferences and what is unsaved or being saved, the saves tried.
    serializeState: (snapshot) => {
      const c = snapshot.context as ShellContext;
      return JSON.stringify([snapshot.value, c.userId, c.prefs, c.unsaved, c.saving, c.attempts, c.searchOpen]);
    },
  });
  expectFullCoverage(report, 12);
});
