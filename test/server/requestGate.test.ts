/** Issue 20: a process runs at most REQUESTS_IN_FLIGHT socket requests at once; a socket that finds it full waits its turn, unread. */
import type { Item } from '../../src/shared/items/types';
import type { Frame } from '../../src/shared/protocol';
import { RequestGate, type Waiting } from '../../src/server/socket/RequestGate';
import { buildUser, type TestUser } from '../support/factories';
import { ProtocolClient } from '../support/protocolClient';
import { startTestServer, type RunningServer } from '../support/testServer';

describe('RequestGate', () => {
  /** A socket with `frames` requests to run, recording the order it runs them in `ran`. */
  const socket = (gate: RequestGate, name: string, frames: number, ran: string[]): Waiting => ({
    admit() {
      if (frames === 0) return false;
      frames -= 1;
      ran.push(name);
      if (frames > 0) gate.wait(this);
      return true;
    },
  });

  it('runs at most its limit at once and gives each freed slot to the socket waiting longest, one request a turn', () => {
    const gate = new RequestGate(2);
    const ran: string[] = [];
    expect([gate.enter(), gate.enter(), gate.enter()]).toEqual([true, true, false]);
    gate.wait(socket(gate, 'a', 2, ran));
    gate.wait(socket(gate, 'b', 1, ran));
    expect(gate.load).toEqual({ running: 2, waiting: 2 });
    // Someone waits: a newcomer queues behind them even when a slot frees.
    gate.leave();
    expect(ran).toEqual(['a']);
    expect(gate.enter()).toBe(false);
    gate.leave();
    gate.leave();
    expect(ran).toEqual(['a', 'b', 'a']);
    expect(gate.load).toEqual({ running: 2, waiting: 0 });
    gate.leave();
    gate.leave();
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
    expect(gate.enter()).toBe(true);
  });

  it('passes a slot on when the socket offered it has nothing left to run (it closed)', () => {
    const gate = new RequestGate(1);
    const ran: string[] = [];
    gate.enter();
    gate.wait(socket(gate, 'closed', 0, ran));
    gate.wait(socket(gate, 'b', 1, ran));
    gate.leave();
    expect(ran).toEqual(['b']);
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
  });

  it('has no limit at 0', () => {
    const gate = new RequestGate(0);
    for (let i = 0; i < 1000; i += 1) expect(gate.enter()).toBe(true);
  });
});

describe('a server that runs one socket request at a time', () => {
  let srv: RunningServer;
  let user: TestUser;
  beforeAll(async () => {
    srv = await startTestServer({ requestsInFlight: 1 });
    user = await buildUser(srv);
  });
  afterAll(async () => {
    user.client.close();
    await srv.stop();
  });

  it('answers a ping while full, holds the other sockets’ requests in order, and runs them all once the slot frees', async () => {
    const x = await user.client.call<Item>('create/Contact', { firstName: 'Xavier', lastName: 'Held' });
    const y = await user.client.call<Item>('create/Contact', { firstName: 'Yvonne', lastName: 'Waiting' });
    const open = async (): Promise<ProtocolClient> => {
      const { client } = await ProtocolClient.connect(srv.wsUrl, user.token);
      await client.call('ping');
      return client;
    };
    const [a, b, c, d] = await Promise.all([open(), open(), open(), open()]);

    // The contact's row is locked: an update of it waits in the database, holding the one slot.
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holding = srv.server.services.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM items WHERE id = $1 FOR UPDATE', [x.$id]);
      locked();
      await new Promise<void>((r) => (release = r));
    });
    await isLocked;
    const answered: string[] = [];
    const note = (name: string) => (f: Frame) => {
      answered.push(name);
      return f;
    };
    const update = a.request('update', { $id: x.$id, _u: x._u, firstName: 'Xena' }).then(note('update'));
    // A's frames are taken in order: its ping answered means its update has the slot.
    expect(await a.call('ping')).toBe('pong');
    // A tab closed while its request waits: its socket is not read meanwhile, so its close is seen when its turn comes.
    void d.request(`read/${y.$id}`).catch(() => null);
    const first = b.request(`read/${y.$id}`).then(note('first read'));
    const second = b.request(`read/${x.$id}`).then(note('second read'));
    // Full, yet a ping with nothing waiting before it on its socket is answered at once.
    expect(await c.call('ping')).toBe('pong');
    d.close();
    await new Promise((r) => setTimeout(r, 200));
    expect(answered).toEqual([]);

    release();
    await holding;
    const [updated, one, two] = await Promise.all([update, first, second]);
    expect(answered).toEqual(['update', 'first read', 'second read']);
    expect(updated.b).toMatchObject({ firstName: 'Xena' });
    expect(one.b).toMatchObject({ firstName: 'Yvonne' });
    expect(two.b).toMatchObject({ firstName: 'Xena' });
    expect((await d.closed).code).toBe(1005);
    // Nothing is left holding the slot: the next request runs at once.
    expect(await c.call<Item>(`read/${y.$id}`)).toMatchObject({ lastName: 'Waiting' });
    for (const s of [a, b, c]) s.close();
  });
});
