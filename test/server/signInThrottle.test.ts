import { TOKEN_HEADER } from '../../src/shared/constants';
import type { ServerConfig } from '../../src/server/config';
import { startTestServer, testDriver, type RunningServer } from '../support/testServer';

// Bursts of up to 200 sign-ins, each hashing a password: a loaded 2-core machine needs more than 30 s for some.
jest.setTimeout(60_000);

/** Failures an account and an address may have before attempts wait (SignInThrottle). */
const FREE_ACCOUNT = 5;
const FREE_ADDRESS = 20;

let userCounter = 0;

/** Creates an account that is not signed in anywhere; answers its e-mail and password. */
async function account(srv: RunningServer): Promise<{ email: string; password: string }> {
  const n = ++userCounter;
  const email = `throttled${n}.${process.pid}@test.example`;
  const password = `the right password ${n}`;
  await srv.server.services.accounts.createUser({ name: `Throttled ${n}`, email, password });
  return { email, password };
}

const signIn = (srv: RunningServer, email: string, password: string, headers: Record<string, string> = {}) =>
  fetch(`${srv.url}/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password }),
  });

/**
 * Attempts past the free ones that may honestly be admitted during `seconds`: the first waits
 * 1 s after the free ones, the next 2 s more, then 4 s, and so on.
 */
const earnedWithin = (seconds: number): number => Math.floor(Math.log2(seconds + 1));

/** Sends every attempt at once; answers the statuses and how long the burst took, in seconds. */
async function burst(attempts: (() => Promise<Response>)[]): Promise<{ statuses: number[]; seconds: number }> {
  const started = Date.now();
  const responses = await Promise.all(attempts.map((a) => a()));
  const statuses = await Promise.all(
    responses.map(async (r) => {
      await r.arrayBuffer();
      return r.status;
    }),
  );
  return { statuses, seconds: (Date.now() - started) / 1000 };
}
const count = (statuses: number[], status: number): number => statuses.filter((s) => s === status).length;

/** Starts a server of its own, so that one test's failures do not throttle another's. */
async function server(overrides: Partial<ServerConfig> = {}): Promise<RunningServer> {
  return startTestServer(overrides);
}

describe('sign-in throttling holds under concurrency', () => {
  let srv: RunningServer;
  beforeEach(async () => {
    srv = await server();
  });
  afterEach(() => srv.stop());

  test('of 200 concurrent wrong guesses at one account only the free budget is checked; the rest answer 429', async () => {
    const { email } = await account(srv);
    const { statuses, seconds } = await burst(Array.from({ length: 200 }, (_, i) => () => signIn(srv, email, `wrong guess ${i}`)));
    expect(count(statuses, 401) + count(statuses, 429)).toBe(200);
    expect(count(statuses, 401)).toBeGreaterThanOrEqual(1);
    expect(count(statuses, 401)).toBeLessThanOrEqual(FREE_ACCOUNT + earnedWithin(seconds));
  });

  test('the right password inside a burst of wrong guesses is refused while the account is throttled', async () => {
    const { email, password } = await account(srv);
    // The first wrong guesses use up the account's free budget (answered, so the order of arrival on a
    // loaded machine cannot put the right password among them); the right one then arrives amid more.
    await burst(Array.from({ length: FREE_ACCOUNT + 20 }, (_, i) => () => signIn(srv, email, `wrong guess ${i}`)));
    // How long the account now waits depends on how many guesses the machine's speed let it earn; ten
    // more failures make it wait long past this test, so the right password cannot arrive after the wait.
    const held = await srv.server.services.db.query(
      `UPDATE sign_in_failures SET failures = failures + 10, last_failure = statement_timestamp() WHERE key = $1 RETURNING key`,
      [`email:${email.toLowerCase()}`],
    );
    expect(held.rows).toHaveLength(1);
    const attempts = Array.from({ length: 50 }, (_, i) => () => signIn(srv, email, i === 25 ? password : `wrong guess again ${i}`));
    const responses = await Promise.all(attempts.map((a) => a()));
    const right = responses[25]!;
    expect(right.status).toBe(429);
    expect(right.headers.get(TOKEN_HEADER)).toBeNull();
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await right.json()).toMatchObject({ userMessage: 'signInThrottled' });
  });

  test('a successful sign-in does not use up the address budget of everyone behind that address', async () => {
    // An office: many people signing in correctly from one address.
    const people = await Promise.all(Array.from({ length: FREE_ADDRESS + 5 }, () => account(srv)));
    for (const p of people) expect((await signIn(srv, p.email, p.password)).status).toBe(200);
  });
});

// Several processes share one PostgreSQL: the count is kept there, reserved in one statement.
(testDriver() === 'postgres' ? describe : describe.skip)('sign-in throttling across server processes', () => {
  let first: RunningServer;
  let second: RunningServer;
  beforeAll(async () => {
    first = await server();
    second = await server({ databaseUrl: first.config.databaseUrl });
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  test('guesses spread over two servers share one budget', async () => {
    const { email } = await account(first);
    const { statuses, seconds } = await burst(
      Array.from({ length: 100 }, (_, i) => () => signIn(i % 2 ? first : second, email, `wrong ${i}`)),
    );
    expect(count(statuses, 401)).toBeLessThanOrEqual(FREE_ACCOUNT + earnedWithin(seconds));
  });
});

describe('the per-address budget and forwarding headers', () => {
  /** Guesses at 40 different (unknown) accounts, so only the address budget can hold them. */
  const guesses = (srv: RunningServer, forwardedFor: (i: number) => string) =>
    Array.from(
      { length: 2 * FREE_ADDRESS },
      (_, i) => () => signIn(srv, `nobody${i}.${Date.now()}@test.example`, 'wrong', { 'x-forwarded-for': forwardedFor(i) }),
    );

  test('behind PUBLIC_URL without TRUST_PROXY a forged X-Forwarded-For is ignored: the address limit holds', async () => {
    const srv = await server({ publicUrl: 'https://records.example.org' });
    try {
      const { statuses, seconds } = await burst(guesses(srv, (i) => `203.0.113.${i + 1}`));
      expect(count(statuses, 401)).toBeLessThanOrEqual(FREE_ADDRESS + earnedWithin(seconds));
      expect(count(statuses, 429)).toBeGreaterThan(0);
    } finally {
      await srv.stop();
    }
  });

  test('from a trusted proxy X-Forwarded-For names the client: each client has its own budget', async () => {
    const srv = await server({ publicUrl: 'https://records.example.org', trustProxy: ['127.0.0.1'] });
    try {
      const spread = await burst(guesses(srv, (i) => `203.0.113.${i + 1}`));
      expect(count(spread.statuses, 401)).toBe(2 * FREE_ADDRESS);
      // One client behind the proxy still meets its own limit.
      const one = await burst(guesses(srv, () => '198.51.100.7'));
      expect(count(one.statuses, 401)).toBeLessThanOrEqual(FREE_ADDRESS + earnedWithin(one.seconds));
      expect(count(one.statuses, 429)).toBeGreaterThan(0);
    } finally {
      await srv.stop();
    }
  });
});
