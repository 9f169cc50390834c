import { createActor } from 'xstate';
import {
  activeSysAlerts,
  currentModalAlert,
  DISMISSED_SYS_ALERTS_KEY,
  sysAlertsMachine,
  type SystemAlert,
} from '../../../machines/session/sysAlertsMachine';
import { MemoryStorage } from './support/fakes';

const alert = (id: string, modal: boolean): SystemAlert => ({ id, title: `title ${id}`, message: `message ${id}`, modal });

function start(storage: MemoryStorage | null = new MemoryStorage()) {
  const actor = createActor(sysAlertsMachine, { input: { storage } }).start();
  const modal = () => currentModalAlert(actor.getSnapshot().context)?.id ?? null;
  const active = () => activeSysAlerts(actor.getSnapshot().context).map((a) => a.id);
  return { actor, storage, modal, active };
}

describe('sysAlertsMachine', () => {
  it('shows modal alerts one at a time, in order', () => {
    const t = start();
    t.actor.send({ type: 'sysAlerts.received', alerts: [alert('a', true), alert('n', false), alert('b', true)] });
    expect(t.actor.getSnapshot().value).toBe('MODAL');
    expect(t.modal()).toBe('a');
    t.actor.send({ type: 'sysAlerts.closed', id: 'a' });
    expect(t.modal()).toBe('b');
    t.actor.send({ type: 'sysAlerts.closed', id: 'b' });
    expect(t.modal()).toBeNull();
    expect(t.actor.getSnapshot().value).toBe('IDLE');
    expect(t.active()).toEqual(['n']);
  });

  it('never shows a dismissed alert again, even after a reload', () => {
    const storage = new MemoryStorage();
    const first = start(storage);
    first.actor.send({ type: 'sysAlerts.received', alerts: [alert('a', true)] });
    first.actor.send({ type: 'sysAlerts.dismissed', id: 'a' });
    expect(first.modal()).toBeNull();
    expect(JSON.parse(storage.getItem(DISMISSED_SYS_ALERTS_KEY) ?? 'null')).toEqual(['a']);
    const reloaded = start(storage);
    reloaded.actor.send({ type: 'sysAlerts.received', alerts: [alert('a', true), alert('b', true)] });
    expect(reloaded.modal()).toBe('b');
  });

  it('brings a closed alert back after a reload', () => {
    const storage = new MemoryStorage();
    const first = start(storage);
    first.actor.send({ type: 'sysAlerts.received', alerts: [alert('a', true)] });
    first.actor.send({ type: 'sysAlerts.closed', id: 'a' });
    expect(first.modal()).toBeNull();
    expect(storage.getItem(DISMISSED_SYS_ALERTS_KEY)).toBeNull();
    const reloaded = start(storage);
    reloaded.actor.send({ type: 'sysAlerts.received', alerts: [alert('a', true)] });
    expect(reloaded.modal()).toBe('a');
  });

  it('lists non-modal alerts without blocking', () => {
    const t = start();
    t.actor.send({ type: 'sysAlerts.received', alerts: [alert('n', false)] });
    expect(t.actor.getSnapshot().value).toBe('IDLE');
    expect(t.active()).toEqual(['n']);
  });

  it('works without local storage, and ignores a corrupt stored list', () => {
    const t = start(null);
    t.actor.send({ type: 'sysAlerts.received', alerts: [alert('a', true)] });
    t.actor.send({ type: 'sysAlerts.dismissed', id: 'a' });
    expect(t.modal()).toBeNull();
    const corrupt = new MemoryStorage();
    corrupt.setItem(DISMISSED_SYS_ALERTS_KEY, '{not json');
    const u = start(corrupt);
    u.actor.send({ type: 'sysAlerts.received', alerts: [alert('a', true)] });
    expect(u.modal()).toBe('a');
  });
});
