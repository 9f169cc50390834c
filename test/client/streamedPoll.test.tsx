/** The browser's poll of a reply streamed over HTTP (createBrowserEffects().getStream): GET /api/stream/{key}. */
import { createBrowserEffects } from '../../src/client/platform/browserEffects';

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
});

function answering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetched = jest.fn(
    async (_url: string, _init?: RequestInit) =>
      ({ ok: status < 300, status, headers: new Headers(headers), json: async () => body }) as unknown as Response,
  );
  global.fetch = fetched as unknown as typeof fetch;
  return fetched;
}

test('asks GET /api/stream/{key} with the bearer token; answers the frames and whether the stream is done', async () => {
  const effects = createBrowserEffects(window, () => false);
  const frames = [{ o: 'readMany/object', s: 3, b: { 'Contact-1': { $id: 'Contact-1' } } }];
  const fetched = answering(200, frames, { 'x-vgn-stream-done': 'true' });
  expect(await effects.getStream('k/1', 'tok-1')).toEqual({ frames, done: true });
  expect(fetched).toHaveBeenCalledWith('/api/stream/k%2F1', expect.objectContaining({ headers: { authorization: 'Bearer tok-1' } }));
  answering(200, []);
  expect(await effects.getStream('k1', null)).toEqual({ frames: [], done: false });
});

test('a stream the server does not know, or no network, rejects', async () => {
  const effects = createBrowserEffects(window, () => false);
  answering(404, { userMessage: 'streamNotFound' });
  await expect(effects.getStream('gone', 'tok-1')).rejects.toThrow('404');
  global.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
  await expect(effects.getStream('k1', 'tok-1')).rejects.toThrow('Network Error');
});
