import { connect } from 'node:net';
import { startTestServer, type RunningServer } from '../support/testServer';

let plain: RunningServer;
let tls: RunningServer;

beforeAll(async () => {
  plain = await startTestServer();
  // Behind a TLS-terminating proxy: the site is reached at an https PUBLIC_URL.
  tls = await startTestServer({ publicUrl: 'https://kk.example.org' });
});
afterAll(async () => {
  await plain?.stop();
  await tls?.stop();
});

/** The directives of a Content-Security-Policy header, by name. */
function csp(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values.join(' ');
  }
  return out;
}

describe('security headers (ASVS 3.4)', () => {
  test.each([
    ['the page', '/'],
    ['an API refusal', '/api/nothing-here'],
    ['a health answer', '/healthz'],
  ])('%s carries the policy: no plugins, no base rebasing, never framed, no sniffing, no referrer', async (_what, path) => {
    const res = await fetch(`${plain.url}${path}`);
    const policy = csp(res.headers.get('content-security-policy'));
    expect(policy).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'none'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  test('HSTS for a year with subdomains only where the site is served over HTTPS', async () => {
    expect((await fetch(`${plain.url}/`)).headers.get('strict-transport-security')).toBeNull();
    const hsts = (await fetch(`${tls.url}/`)).headers.get('strict-transport-security') ?? '';
    expect(hsts).toContain('max-age=31536000');
    expect(hsts).toContain('includeSubDomains');
  });

  test('JSON answers name their character set', async () => {
    const res = await fetch(`${plain.url}/healthz`);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});

/** Sends raw bytes to the server and answers the first line of its response. */
function rawRequest(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let answer = '';
    socket.on('data', (d) => {
      answer += d.toString();
      if (answer.includes('\r\n')) {
        socket.destroy();
        resolve(answer.split('\r\n')[0]!);
      }
    });
    socket.on('error', reject);
  });
}

describe('HTTP message structure (ASVS 4.2.1)', () => {
  test('a request framed by both Content-Length and Transfer-Encoding is refused, not smuggled', async () => {
    const smuggle = [
      'POST /api/item HTTP/1.1',
      `Host: 127.0.0.1`,
      'Content-Type: application/json',
      'Content-Length: 4',
      'Transfer-Encoding: chunked',
      '',
      '0',
      '',
      'GET /healthz HTTP/1.1',
      'Host: x',
      '',
      '',
    ].join('\r\n');
    expect(await rawRequest(plain.url, smuggle)).toMatch(/^HTTP\/1\.1 400/);
  });
});
