import { selectNotifyActor } from '../../../machines/item/itemMachine';
import { selectNotify, selectNotifyError, selectNotifyStatus } from '../../../machines/item/itemNotifyMachine';
import { startItem } from './support/startItem';

describe('item notification preference', () => {
  it('reads the preference when asked and writes the chosen one, saying app.applied', () => {
    const t = startItem();
    const notify = () => selectNotifyActor(t.snapshot()).getSnapshot();
    expect(selectNotifyStatus(notify())).toBe('IDLE');
    t.subject.send({ type: 'item.notifyRequested' });
    expect(t.sent().at(-1)).toEqual({ o: 'act/getNotify', b: { id: 'Contact-1' } });
    t.reply({ notify: 'PREFS' });
    expect(selectNotify(notify())).toBe('PREFS');
    expect(selectNotifyStatus(notify())).toBe('READY');
    t.subject.send({ type: 'item.notifySet', notify: 'ALWAYS' });
    expect(t.sent().at(-1)).toEqual({ o: 'act/setNotify', b: { id: 'Contact-1', notify: 'ALWAYS' } });
    expect(selectNotifyStatus(notify())).toBe('SAVING');
    t.reply({ notify: 'ALWAYS' });
    expect(selectNotifyStatus(notify())).toBe('SAVED');
    expect(selectNotify(notify())).toBe('ALWAYS');
    expect(t.alerts).toEqual([{ type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.applied' } }]);
  });

  it('takes an unknown answer as NIL, and a write refused keeps the dialog open with the error', () => {
    const t = startItem();
    const notify = () => selectNotifyActor(t.snapshot()).getSnapshot();
    t.subject.send({ type: 'item.notifyRequested' });
    t.reply({ notify: 'SOMETIMES' });
    expect(selectNotify(notify())).toBe('NIL');
    t.subject.send({ type: 'item.notifySet', notify: 'DEFAULT' });
    t.reply({ userMessage: 'notAllowed' }, { erred: true });
    expect(selectNotifyStatus(notify())).toBe('READY');
    expect(selectNotifyError(notify())).toEqual({ userMessage: 'notAllowed' });
    expect(t.alerts).toEqual([]);
  });

  it('lets the user choose after a failed read, and forgets the error when the dialog opens again', () => {
    const t = startItem();
    const notify = () => selectNotifyActor(t.snapshot()).getSnapshot();
    t.subject.send({ type: 'item.notifyRequested' });
    t.reply({ userMessage: 'generalFailure' }, { erred: true });
    expect(selectNotifyStatus(notify())).toBe('READY');
    expect(selectNotifyError(notify())?.userMessage).toBe('generalFailure');
    t.subject.send({ type: 'item.notifyRequested' });
    expect(selectNotifyError(notify())).toBeNull();
    expect(t.ops().filter((o) => o === 'act/getNotify')).toHaveLength(2);
  });

  it('ignores a set before the preference is read', () => {
    const t = startItem();
    t.subject.send({ type: 'item.notifySet', notify: 'NEVER' });
    expect(t.ops()).not.toContain('act/setNotify');
  });
});
