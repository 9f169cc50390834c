import { selectResourceBusy, selectResourceData, selectResourceError, resourceMachine } from '../../../machines/session/resourceMachine';
import { SystemId } from '../../../machines/systemIds';
import type { ServerState } from '../../../src/shared/admin/ServerState';
import { callOf } from '../../../src/shared/protocol/operationCall';
import { operations } from '../../../src/shared/protocol/operations';
import { settled, startInSession } from '../router/support/sessionFakes';

const STATE: ServerState = {
  version: '1.0.0',
  uptimeSeconds: 61,
  openSockets: 3,
  activeTasks: 1,
  driver: 'pglite',
  databaseBytes: 9_000_000,
  dedicated: false,
};
const LOAD = callOf(operations.serverState, undefined);
const selectState = selectResourceData(LOAD);
function start() {
  const h = startInSession(resourceMachine, { systemId: 'resource', input: { load: LOAD } });
  const snapshot = () => h.subject.getSnapshot();
  return { ...h, snapshot };
}

describe('resource machine', () => {
  it('loads when started, keeps the answer while reloading, and shows a refusal', async () => {
    const t = start();
    expect(t.sent()).toEqual([{ o: 'act/serverState' }]);
    expect(selectResourceBusy(t.snapshot())).toBe(true);
    t.reply(STATE);
    await settled();
    expect(selectState(t.snapshot())).toEqual(STATE);
    expect(t.snapshot().value).toBe('READY');
    t.subject.send({ type: 'resource.reloadRequested' });
    expect(t.sent()).toHaveLength(2);
    expect(selectState(t.snapshot())).toEqual(STATE);
    t.reply({ userMessage: 'notAllowed', sysMessage: 'Only an administrator reads the server state' }, { erred: true });
    await settled();
    expect(t.snapshot().value).toBe('REFUSED');
    expect(selectResourceError(t.snapshot())).toEqual({
      userMessage: 'notAllowed',
      sysMessage: 'Only an administrator reads the server state',
    });
    expect(selectResourceBusy(t.snapshot())).toBe(false);
    t.subject.send({ type: 'resource.reloadRequested' });
    t.reply({ ...STATE, openSockets: 4 });
    await settled();
    expect(selectResourceError(t.snapshot())).toBeNull();
    expect(selectState(t.snapshot())?.openSockets).toBe(4);
    t.stop();
  });

  it('saves, says so and loads again; a refused save keeps what is shown and names the fields', async () => {
    const t = start();
    t.reply(STATE);
    await settled();
    t.subject.send({ type: 'resource.saveRequested', call: { o: 'act/setMenuSettings', b: { items: [] } } });
    expect(t.snapshot().value).toBe('SAVING');
    expect(t.sent().at(-1)).toEqual({ o: 'act/setMenuSettings', b: { items: [] } });
    t.reply(null);
    await settled();
    expect(t.alerts).toContainEqual({ type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.applied' } });
    expect(t.sent().at(-1)).toEqual({ o: 'act/serverState' });
    t.reply(STATE);
    await settled();
    t.subject.send({ type: 'resource.saveRequested', call: { o: 'act/setMenuSettings', b: { items: 'x' } } });
    t.reply({ userMessage: 'validationFailed', fields: { items: 'errors.invalidValue' } }, { erred: true });
    await settled();
    expect(t.snapshot().value).toBe('READY');
    expect(selectState(t.snapshot())).toEqual(STATE);
    expect(selectResourceError(t.snapshot())).toEqual({ userMessage: 'validationFailed', fields: { items: 'errors.invalidValue' } });
    t.stop();
  });

  it('answers nothing for another operation than the one it loads', async () => {
    const t = start();
    t.reply(STATE);
    await settled();
    expect(selectResourceData(callOf(operations.menuSettings, undefined))(t.snapshot())).toBeNull();
    expect(t.subject.system.get(SystemId.connection)).toBeDefined();
    t.stop();
  });
});
