import { selectNotifyActor } from '../../../machines/item/itemMachine';
import { selectNotify, selectNotifyError, selectNotifyStatus } from '../../../machines/item/itemNotifyMachine';
import { startItem, type StartedItem } from './support/startItem';
import { settled } from '../router/support/sessionFakes';

const reply = async (t: StartedItem, ...args: Parameters<StartedItem['reply']>) => {
  t.reply(...args);
  await settled();
};

describe('item notification preference', () => {
  it('reads the preference when asked and writes the chosen one, saying app.applied', async () => {
    const t = await startItem();
    const notify = () => selectNotifyActor(t.snapshot()).getSnapshot();
    expect(selectNotifyStatus(notify())).toBe('IDLE');
    t.subject.send({ type: 'item.notifyRequested' });
    expect(t.sent().at(-1)).toEqual({ o: 'act/getNotify', b: { id: 'Contact-1' } });
    await reply(t, { notify: 'PREFS' });
    expect(selectNotify(notify())).toBe('PREFS');
    expect(selectNotifyStatus(notify())).toBe('READY');
    t.subject.send({ type: 'item.notifySet', notify: 'ALWAYS' });
    expect(t.sent().at(-1)).toEqual({ o: 'act/setNotify', b: { id: 'Contact-1', notify: 'ALWAYS' } });
    expect(selectNotifyStatus(notify())).toBe('SAVING');
    await reply(t, { notify: 'ALWAYS' });
    expect(selectNotifyStatus(notify())).toBe('SAVED');
    expect(selectNotify(notify())).toBe('ALWAYS');
    expect(t.alerts).toEqual([{ type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.applied' } }]);
  });

  it('takes an unknown answer as NIL, and a write refused keeps the dialog open with the error', async () => {
    const t = await startItem();
    const notify = () => selectNotifyActor(t.snapshot()).getSnapshot();
    t.subject.send({ type: 'item.notifyRequested' });
    await reply(t, { notify: 'SOMETIMES' });
    expect(selectNotify(notify())).toBe('NIL');
    t.subject.send({ type: 'item.notifySet', notify: 'DEFAULT' });
    await reply(t, { userMessage: 'notAllowed' }, { erred: true });
    expect(selectNotifyStatus(notify())).toBe('READY');
    expect(selectNotifyError(notify())).toEqual({ userMessage: 'notAllowed' });
    expect(t.alerts).toEqual([]);
  });

  it('lets the user choose after a failed read, and forgets the error when the dialog opens again', async () => {
    const t = await startItem();
    const notify = () => selectNotifyActor(t.snapshot()).getSnapshot();
    t.subject.send({ type: 'item.notifyRequested' });
    await reply(t, { userMessage: 'generalFailure' }, { erred: true });
    expect(selectNotifyStatus(notify())).toBe('READY');
    expect(selectNotifyError(notify())?.userMessage).toBe('generalFailure');
    t.subject.send({ type: 'item.notifyRequested' });
    expect(selectNotifyError(notify())).toBeNull();
    expect(t.ops().filter((o) => o === 'act/getNotify')).toHaveLength(2);
  });

  it('ignores a set before the preference is read', async () => {
    const t = await startItem();
    t.subject.send({ type: 'item.notifySet', notify: 'NEVER' });
    expect(t.ops()).not.toContain('act/setNotify');
  });
});
