import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import {
  cellMachine,
  selectDirty,
  selectDirtyState,
  selectSavedAt,
  selectWidth,
  type CellGate,
  type CellReply,
} from '../../../machines/router/cellMachine';
import { parseLocation } from '../../../machines/router/parseLocation';
import { CORE_VIEWS } from '../../../machines/router/views';
import { SystemId } from '../../../machines/systemIds';
import { resourceMachine } from '../../../machines/session/resourceMachine';
import { startWithPeers } from '../session/support/harness';
import { deferred, flushPromises } from '../session/support/fakes';

const SPEC = parseLocation('/i-Contact-4', '', CORE_VIEWS).cells[0]!;

function start(options: { width?: 'THIRD' | 'HALF' | 'TWO_THIRDS' | 'FULL'; spec?: typeof SPEC } = {}) {
  const answers: CellReply[] = [];
  const owner = createActor(fromCallback<CellReply>(({ receive }) => receive((event) => answers.push(event)))).start();
  let now = 1_000;
  const h = startWithPeers(cellMachine, {
    systemId: SystemId.router,
    input: { spec: options.spec ?? SPEC, width: options.width, owner, now: () => now },
    peers: [SystemId.alerts, SystemId.connection],
  });
  const emitted: AnyEventObject[] = [];
  h.subject.on('*', (event) => emitted.push(event));
  return {
    ...h,
    answers,
    emitted,
    setNow: (ms: number) => (now = ms),
    state: () => h.subject.getSnapshot().value,
    snapshot: () => h.subject.getSnapshot(),
    send: (event: Parameters<typeof h.subject.send>[0]) => h.subject.send(event),
  };
}

function gate(overrides: Partial<CellGate> = {}) {
  return { validate: jest.fn(() => true), save: jest.fn(() => Promise.resolve()), reset: jest.fn(), ...overrides };
}

describe('cellMachine', () => {
  it('closes a clean cell without gates at once', async () => {
    const c = start();
    c.send({ type: 'cell.closeRequested' });
    await flushPromises();
    expect(c.answers).toEqual([{ type: 'cell.closeAnswered', key: 'i-Contact-4', index: 0, ok: true }]);
  });

  it('VALIDATE and CLOSE: a failing validation vetoes the close', async () => {
    const c = start();
    c.send({ type: 'cell.gateRegistered', gate: gate({ validate: jest.fn(() => Promise.resolve(false)) }) });
    c.send({ type: 'cell.closeRequested' });
    expect(c.state()).toBe('CLOSE_VALIDATING');
    await flushPromises();
    expect(c.answers.map((a) => a.ok)).toEqual([false]);
    expect(c.emitted).toContainEqual({ type: 'cell.closeRefused', reason: 'invalid' });
    expect(c.state()).toBe('CLEAN');
  });

  it('refuses to close a dirty cell, in every dirty state', async () => {
    const c = start();
    const save = deferred<void>();
    c.send({ type: 'cell.gateRegistered', gate: gate({ save: () => save.promise }) });
    c.send({ type: 'cell.edited' });
    c.send({ type: 'cell.closeRequested' });
    c.send({ type: 'cell.saveRequested' });
    await flushPromises();
    expect(selectDirtyState(c.snapshot())).toBe('SAVING');
    c.send({ type: 'cell.closeRequested' });
    save.reject(new Error('errors.staleUpdate'));
    await flushPromises();
    c.send({ type: 'cell.closeRequested' });
    expect(c.answers.map((a) => a.ok)).toEqual([false, false, false]);
    expect(c.emitted.filter((e) => e.type === 'cell.closeRefused')).toHaveLength(3);
  });

  it('VALIDATE and SAVE: SAVING while the gate runs, then clean, saved now, and the applied alert', async () => {
    const c = start();
    const save = deferred<void>();
    const g = gate({ save: jest.fn(() => save.promise) });
    c.send({ type: 'cell.gateRegistered', gate: g });
    c.send({ type: 'cell.edited' });
    expect(selectDirty(c.snapshot())).toBe(true);
    expect(selectDirtyState(c.snapshot())).toBeNull();
    c.setNow(5_000);
    c.send({ type: 'cell.saveRequested' });
    expect(selectDirtyState(c.snapshot())).toBe('SAVING');
    await flushPromises();
    expect(g.validate).toHaveBeenCalled();
    expect(g.save).toHaveBeenCalled();
    expect(selectDirtyState(c.snapshot())).toBe('SAVING');
    save.resolve();
    await flushPromises();
    expect(c.state()).toBe('CLEAN');
    expect(selectDirtyState(c.snapshot())).toBeNull();
    expect(selectSavedAt(c.snapshot())).toBe(5_000);
    expect(c.emitted).toContainEqual({ type: 'cell.saved', at: 5_000 });
    expect(c.sentTo(SystemId.alerts)).toEqual([{ type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.applied' } }]);
  });

  it('a failed validation vetoes the save and keeps the work', async () => {
    const c = start();
    const g = gate({ validate: jest.fn(() => false) });
    c.send({ type: 'cell.gateRegistered', gate: g });
    c.send({ type: 'cell.edited' });
    c.send({ type: 'cell.saveRequested' });
    await flushPromises();
    expect(c.state()).toBe('EDITED');
    expect(g.save).not.toHaveBeenCalled();
    expect(c.emitted).toContainEqual({ type: 'cell.saveRefused' });
  });

  it('a failed save gives ERROR; a retry can succeed, and discard resets the view', async () => {
    const c = start();
    const save = jest.fn<Promise<void>, []>().mockRejectedValueOnce(new Error('errors.validationFailed')).mockResolvedValue(undefined);
    const g = gate({ save });
    c.send({ type: 'cell.gateRegistered', gate: g });
    c.send({ type: 'cell.edited' });
    c.send({ type: 'cell.saveRequested' });
    await flushPromises();
    expect(selectDirtyState(c.snapshot())).toBe('ERROR');
    expect(c.snapshot().context.error).toBe('errors.validationFailed');
    c.send({ type: 'cell.saveRequested' });
    await flushPromises();
    expect(c.state()).toBe('CLEAN');
    expect(c.sentTo(SystemId.alerts)).toHaveLength(1);
    save.mockRejectedValueOnce(new Error('errors.staleUpdate'));
    c.send({ type: 'cell.edited' });
    c.send({ type: 'cell.saveRequested' });
    await flushPromises();
    expect(c.state()).toBe('ERROR');
    c.send({ type: 'cell.discardRequested' });
    expect(g.reset).toHaveBeenCalledTimes(1);
    expect(c.state()).toBe('CLEAN');
    expect(c.snapshot().context.error).toBeNull();
  });

  it('a validation that throws counts as a failed save', async () => {
    const c = start();
    c.send({ type: 'cell.gateRegistered', gate: gate({ validate: () => Promise.reject(new Error('boom')) }) });
    c.send({ type: 'cell.edited' });
    c.send({ type: 'cell.saveRequested' });
    await flushPromises();
    expect(c.state()).toBe('ERROR');
  });

  it('does nothing on save without a save gate', () => {
    const c = start();
    c.send({ type: 'cell.edited' });
    c.send({ type: 'cell.saveRequested' });
    expect(c.state()).toBe('EDITED');
  });

  it('answers a close that edits interrupt with a refusal', async () => {
    const c = start();
    const valid = deferred<boolean>();
    c.send({ type: 'cell.gateRegistered', gate: gate({ validate: () => valid.promise }) });
    c.send({ type: 'cell.closeRequested' });
    c.send({ type: 'cell.closeRequested' });
    c.send({ type: 'cell.edited' });
    valid.resolve(true);
    await flushPromises();
    expect(c.answers.map((a) => a.ok)).toEqual([false]);
    expect(c.state()).toBe('EDITED');
  });

  it('keeps title, icon, action button, width, expand toggle and route parameter', () => {
    const c = start({ width: 'THIRD' });
    c.send({ type: 'cell.described', title: 'Mary Thomas', icon: 'contact', actionBtn: 'edit' });
    c.send({ type: 'cell.described', actionBtn: null });
    expect(c.snapshot().context).toMatchObject({ title: 'Mary Thomas', icon: 'contact', actionBtn: null });
    expect(selectWidth(c.snapshot())).toBe('THIRD');
    c.send({ type: 'cell.expandToggled' });
    expect(selectWidth(c.snapshot())).toBe('FULL');
    c.send({ type: 'cell.expandToggled' });
    expect(selectWidth(c.snapshot())).toBe('THIRD');
    c.send({ type: 'cell.widthSet', width: 'TWO_THIRDS' });
    expect(selectWidth(c.snapshot())).toBe('TWO_THIRDS');
    c.send({ type: 'cell.paramChanged', routeParam: '2-4' });
    expect(c.snapshot().context.spec.routeParam).toBe('2-4');
    c.send({ type: 'cell.gateRemoved' });
    expect(c.snapshot().context.gate).toBeNull();
  });

  it("starts a view's actor once per id as its own child, and stops it with the column", () => {
    const c = start();
    const ask = () =>
      c.send({ type: 'cell.viewActorRequested', id: 'state', logic: resourceMachine, input: { load: { o: 'act/serverState' } } });
    ask();
    const actor = c.snapshot().context.views['state'];
    expect(actor).toBeDefined();
    const asked = () => c.sentTo(SystemId.connection, 'connection.send').filter((e) => e['frame'].o === 'act/serverState');
    expect(asked()).toHaveLength(1);
    // Shown again (a hidden column in one-column mode), the view finds the same actor: nothing asked again.
    ask();
    expect(c.snapshot().context.views['state']).toBe(actor);
    expect(asked()).toHaveLength(1);
    c.stop();
    expect(actor?.getSnapshot().status).toBe('stopped');
  });

  it('holds, for admin.all-items, results over every registered type, the excluded ones too, as a table', () => {
    const c = start({ spec: parseLocation('/admin.all-items', '?c0=river', CORE_VIEWS).cells[0]! });
    const settings = c.snapshot().context.results?.getSnapshot().context.settings;
    expect(settings).toMatchObject({ searchString: 'river', displayAs: 'TABLE' });
    const typeFilter = settings?.criteria.filters?.find((f) => f.kind === '_');
    expect(typeFilter?.value).toEqual(
      expect.arrayContaining(['Contact', 'Organization', 'SystemAlert', 'Notify', 'SavedSearch', 'WhatsNew']),
    );
  });
});
