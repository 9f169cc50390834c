/**
 * On PostgreSQL, creations of one type do not wait for each other's transactions (issue 20): an
 * item's index is reserved in a statement of its own before its transaction begins, so a creation
 * whose transaction is still open does not hold the type's sequence row for the others.
 */
import { startTestServer, type RunningServer } from '../../support/testServer';

let srv: RunningServer;
const SYSTEM = { userId: null, masquerader: null };
let release: () => void = () => {};

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  release();
  await srv?.stop();
});

test('a contact is created while another contact’s creation has not committed', async () => {
  const { items } = srv.server.services;
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding: () => void = () => {};
  const isHolding = new Promise<void>((resolve) => (holding = resolve));
  // The first creation's transaction stays open in its change hook, after its row is written.
  items.addChangeHook(async (_tx, _change, record) => {
    if (record.data.lastName !== 'Held open') return;
    holding();
    await held;
  });
  const first = items.create(SYSTEM, 'Contact', { lastName: 'Held open' }, { admin: true });
  await isHolding;

  const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000));
  const second = await Promise.race([items.create(SYSTEM, 'Contact', { lastName: 'Not waiting' }, { admin: true }), waited]);
  release();
  const done = await first;

  expect(second).not.toBe('waited');
  if (second === 'waited') return;
  // The first reserved its index first; both are stored under their own ids.
  expect(second.idx).toBeGreaterThan(done.idx);
  expect((await items.find(done.id))?.data.lastName).toBe('Held open');
  expect((await items.find(second.id))?.data.lastName).toBe('Not waiting');
}, 20_000);

test('a creation that fails does not give its index to the next', async () => {
  const { items } = srv.server.services;
  items.addValidator(async (_tx, input): Promise<Record<string, string>> =>
    input.data.lastName === 'Refused' ? { lastName: 'errors.invalid' } : {},
  );
  const before = await items.create(SYSTEM, 'Contact', { lastName: 'Before' }, { admin: true });
  await expect(items.create(SYSTEM, 'Contact', { lastName: 'Refused' }, { admin: true })).rejects.toMatchObject({
    userMessage: 'validationFailed',
  });
  const after = await items.create(SYSTEM, 'Contact', { lastName: 'After' }, { admin: true });
  // Ids are unique, not gapless: the refused creation's index is not used again.
  expect(after.idx).toBe(before.idx + 2);
});
