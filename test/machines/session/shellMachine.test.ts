import { createActor } from 'xstate';
import { COOKIES_KEY, PREFS_KEY, readPrefs, shellMachine } from '../../../machines/session/shellMachine';
import { MemoryStorage } from './support/fakes';

const start = (storage: MemoryStorage | null = new MemoryStorage()) => createActor(shellMachine, { input: { storage } }).start();

describe('shell machine', () => {
  it('keeps a preference across page loads', () => {
    const storage = new MemoryStorage();
    const shell = start(storage);
    shell.send({ type: 'shell.prefSet', pref: 'dark', value: true });
    expect(shell.getSnapshot().context.prefs).toEqual({ dark: true });
    expect(start(storage).getSnapshot().context.prefs).toEqual({ dark: true });
  });

  it('ignores stored preferences of another version or shape', () => {
    const storage = new MemoryStorage();
    storage.setItem(PREFS_KEY, JSON.stringify({ v: 99, prefs: { dark: true } }));
    expect(readPrefs(storage)).toEqual({});
    storage.setItem(PREFS_KEY, '{not json');
    expect(readPrefs(storage)).toEqual({});
    storage.setItem(PREFS_KEY, JSON.stringify({ v: 1, prefs: { dark: 'yes', multiColumns: false } }));
    expect(readPrefs(storage)).toEqual({ multiColumns: false });
    expect(readPrefs(null)).toEqual({});
  });

  it('asks about cookies until OK, once per browser', () => {
    const storage = new MemoryStorage();
    const shell = start(storage);
    expect(shell.getSnapshot().matches({ cookies: 'ASKING' })).toBe(true);
    shell.send({ type: 'shell.cookiesAccepted' });
    expect(shell.getSnapshot().matches({ cookies: 'ACCEPTED' })).toBe(true);
    expect(storage.getItem(COOKIES_KEY)).toBe('1');
    expect(start(storage).getSnapshot().matches({ cookies: 'ACCEPTED' })).toBe(true);
  });

  it('works without storage', () => {
    const shell = start(null);
    shell.send({ type: 'shell.prefSet', pref: 'hideGuidance', value: true });
    shell.send({ type: 'shell.cookiesAccepted' });
    expect(shell.getSnapshot().context.prefs).toEqual({ hideGuidance: true });
  });

  it('survives a storage that throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    const shell = createActor(shellMachine, { input: { storage: throwing } }).start();
    shell.send({ type: 'shell.prefSet', pref: 'dark', value: false });
    expect(shell.getSnapshot().context.prefs).toEqual({ dark: false });
    expect(shell.getSnapshot().matches({ cookies: 'ASKING' })).toBe(true);
  });

  it('toggles and closes the search bar', () => {
    const shell = start();
    shell.send({ type: 'shell.searchToggled' });
    expect(shell.getSnapshot().context.searchOpen).toBe(true);
    shell.send({ type: 'shell.searchClosed' });
    expect(shell.getSnapshot().context.searchOpen).toBe(false);
  });

  it('offers a new version once and emits the acceptance', () => {
    const shell = start();
    const accepted = jest.fn();
    shell.on('shell.updateAccepted', accepted);
    shell.send({ type: 'shell.newVersionAccepted' });
    expect(accepted).not.toHaveBeenCalled();
    shell.send({ type: 'shell.newVersionFound' });
    expect(shell.getSnapshot().matches({ update: 'AVAILABLE' })).toBe(true);
    shell.send({ type: 'shell.newVersionAccepted' });
    expect(accepted).toHaveBeenCalledTimes(1);
    expect(shell.getSnapshot().matches({ update: 'POSTPONED' })).toBe(true);
    shell.send({ type: 'shell.newVersionFound' });
    expect(shell.getSnapshot().matches({ update: 'POSTPONED' })).toBe(true);
  });

  it('lets the user postpone the new version', () => {
    const shell = start();
    shell.send({ type: 'shell.newVersionFound' });
    shell.send({ type: 'shell.newVersionPostponed' });
    expect(shell.getSnapshot().matches({ update: 'POSTPONED' })).toBe(true);
  });
});
