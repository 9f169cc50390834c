import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as tus from 'tus-js-client';
import { buildUser, type TestUser } from '../support/factories';
import { startTestClamd, TEST_MALWARE, TEST_SIGNATURE, type TestClamd } from '../support/clamd';
import { startTestServer, type RunningServer } from '../support/testServer';

let clamd: TestClamd;
let srv: RunningServer;
let alice: TestUser;

beforeAll(async () => {
  clamd = await startTestClamd();
  srv = await startTestServer({ clamdUrl: clamd.url });
  alice = await buildUser(srv);
});
afterAll(async () => {
  alice?.client.close();
  await srv?.stop();
  await clamd?.stop();
});

/** Uploads `data` as `user`; answers the Attachment id, or the refusal's status and body. */
function upload(user: TestUser, data: Buffer, filename: string): Promise<{ attachmentId: string } | { status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const u = new tus.Upload(data, {
      endpoint: `${srv.url}/api/upload`,
      headers: { authorization: `Bearer ${user.token}` },
      metadata: { filename },
      retryDelays: [],
      onError: (e) => {
        const res = (e as tus.DetailedError).originalResponse;
        if (res) resolve({ status: res.getStatus(), body: res.getBody() });
        else reject(e);
      },
      onSuccess: ({ lastResponse }) => resolve({ attachmentId: lastResponse.getHeader('x-kk-attachment-id') ?? '' }),
    });
    u.start();
  });
}

const attachmentCount = async () =>
  Number((await srv.server.services.db.query<{ n: string }>("SELECT count(*)::text AS n FROM items WHERE type = 'Attachment'")).rows[0]!.n);
const storedFiles = () => readdirSync(join(srv.config.dataDir, 'uploads', 'files')).filter((f) => !f.endsWith('.json'));

describe('uploads are scanned for malware (ASVS 5.4.3)', () => {
  test('a clean file becomes an Attachment', async () => {
    const result = await upload(alice, Buffer.from('Harvest calendar, spring camp.\n'), 'calendar.txt');
    expect(result).toMatchObject({ attachmentId: expect.stringMatching(/^Attachment-\d+$/) });
  });

  test('a file the scanner names is refused with the finding, and nothing of it is kept', async () => {
    const before = { attachments: await attachmentCount(), files: storedFiles().length };
    const result = await upload(alice, TEST_MALWARE, 'minutes.doc');
    expect(result).toMatchObject({ status: 422, body: expect.stringContaining(`fileInfected: the virus scanner found ${TEST_SIGNATURE}`) });
    expect(await attachmentCount()).toBe(before.attachments);
    expect(storedFiles().length).toBe(before.files);
  });

  test('while the scanner is down, uploads are refused rather than kept unscanned', async () => {
    const before = await attachmentCount();
    await clamd.stop();
    const result = await upload(alice, Buffer.from('Another clean note.\n'), 'note.txt');
    expect(result).toMatchObject({ status: 503, body: expect.stringContaining('scannerUnavailable') });
    expect(await attachmentCount()).toBe(before);
  });
});
