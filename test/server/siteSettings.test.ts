import { startTestServer, testDriver, type RunningServer } from '../support/testServer';

let srv: RunningServer;

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv?.stop();
});

/** Resolves with the first change of `key` the service announces. */
const nextChange = (s: RunningServer, key: string): Promise<unknown> =>
  new Promise((resolve) => {
    const stop = s.server.services.siteSettings.onChange((k, value) => {
      if (k !== key) return;
      stop();
      resolve(value);
    });
  });

describe('SiteSettings', () => {
  test('a setting never written reads as null', async () => {
    const settings = srv.server.services.siteSettings;
    expect(await settings.read('test.never')).toBeNull();
    expect(settings.cached('test.never')).toBeNull();
  });

  test('a written value is stored with its writer, served from memory at once, and announced to listeners', async () => {
    const settings = srv.server.services.siteSettings;
    const changed = nextChange(srv, 'test.a');
    const stored = await settings.write('test.a', { hidden: ['x'], n: 1 }, 'Contact-1');
    expect(stored).toEqual({ key: 'test.a', value: { hidden: ['x'], n: 1 }, updatedAt: expect.any(Date), updatedBy: 'Contact-1' });
    expect(settings.cached('test.a')).toEqual({ hidden: ['x'], n: 1 });
    expect(await changed).toEqual({ hidden: ['x'], n: 1 });
    expect(await settings.read('test.a')).toEqual(stored);

    await settings.write('test.a', ['replaced'], null);
    expect(await settings.read('test.a')).toMatchObject({ value: ['replaced'], updatedBy: null });
  });

  test('a write inside a rolled-back transaction leaves the old value and tells nobody', async () => {
    const settings = srv.server.services.siteSettings;
    const before = nextChange(srv, 'test.tx');
    await settings.write('test.tx', 'before', null);
    await before;
    const heard: string[] = [];
    const stop = settings.onChange((key) => heard.push(key));
    await expect(
      srv.server.services.db.transaction(async (tx) => {
        await settings.write('test.tx', 'during', null, tx);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    // A marker written afterwards arrives after any announcement of the aborted write would have.
    const marker = nextChange(srv, 'test.marker');
    await settings.write('test.marker', 1, null);
    await marker;
    stop();
    expect(heard).toEqual(['test.marker']);
    expect(await settings.read('test.tx')).toMatchObject({ value: 'before' });
    expect(settings.cached('test.tx')).toBe('before');
  });

  test('a committed write inside a transaction reaches the memory of the process once announced', async () => {
    const settings = srv.server.services.siteSettings;
    const changed = nextChange(srv, 'test.committed');
    await srv.server.services.db.transaction((tx) => settings.write('test.committed', { on: true }, 'Contact-2', tx));
    expect(await changed).toEqual({ on: true });
    expect(settings.cached('test.committed')).toEqual({ on: true });
  });

  test('a server started later loads the stored settings', async () => {
    if (testDriver() !== 'postgres') return; // the embedded database belongs to one process
    await srv.server.services.siteSettings.write('test.loaded', { v: 2 }, null);
    const second = await startTestServer({ databaseUrl: srv.config.databaseUrl });
    try {
      expect(second.server.services.siteSettings.cached('test.loaded')).toEqual({ v: 2 });
      // A change made through the first process reaches the second one's memory and listeners.
      const changed = nextChange(second, 'test.loaded');
      await srv.server.services.siteSettings.write('test.loaded', { v: 3 }, null);
      expect(await changed).toEqual({ v: 3 });
      expect(second.server.services.siteSettings.cached('test.loaded')).toEqual({ v: 3 });
    } finally {
      await second.stop();
    }
  });
});
