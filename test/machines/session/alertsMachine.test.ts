import { createActor, SimulatedClock } from 'xstate';
import { alertPlacement, alertsMachine, type Alert } from '../../../machines/session/alertsMachine';
import { ServerMessageError } from '../../../machines/session/sessionErrors';

function start() {
  const clock = new SimulatedClock();
  const log = jest.fn();
  const actor = createActor(alertsMachine, { input: { log }, clock }).start();
  const current = (): Pick<Alert, 'type' | 'message'> | null => {
    const alert = actor.getSnapshot().context.current;
    return alert ? { type: alert.type, message: alert.message } : null;
  };
  return { actor, clock, log, current };
}

describe('alertsMachine', () => {
  it('shows an INFO alert for 6000 ms', () => {
    const { actor, clock, current } = start();
    actor.send({ type: 'alerts.raised', alert: { type: 'INFO', message: 'app.serverUpdated' } });
    expect(actor.getSnapshot().value).toBe('SHOWING');
    expect(current()).toEqual({ type: 'INFO', message: 'app.serverUpdated' });
    clock.increment(5_999);
    expect(current()).not.toBeNull();
    clock.increment(1);
    expect(current()).toBeNull();
    clock.increment(200);
    expect(actor.getSnapshot().value).toBe('IDLE');
  });

  it('keeps an ERROR alert until the user presses OK', () => {
    const { actor, clock, current } = start();
    actor.send({ type: 'alerts.raised', alert: { type: 'ERROR', message: 'errors.generalFailure' } });
    clock.increment(60_000);
    expect(current()).toEqual({ type: 'ERROR', message: 'errors.generalFailure' });
    actor.send({ type: 'alerts.dismissed' });
    expect(current()).toBeNull();
  });

  it('shows queued alerts one after the other with a 200 ms gap', () => {
    const { actor, clock, current } = start();
    actor.send({ type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.applied' } });
    actor.send({ type: 'alerts.raised', alert: { type: 'WARNING', message: 'errors.tokenExpired' } });
    expect(current()?.message).toBe('app.applied');
    actor.send({ type: 'alerts.dismissed' });
    expect(current()).toBeNull();
    clock.increment(199);
    expect(current()).toBeNull();
    clock.increment(1);
    expect(current()).toEqual({ type: 'WARNING', message: 'errors.tokenExpired' });
  });

  it('honours a per-alert display time', () => {
    const { actor, clock, current } = start();
    actor.send({ type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.copied', timeoutMs: 2_000 } });
    clock.increment(2_000);
    expect(current()).toBeNull();
  });

  it('shows the same message only once while it is up or queued', () => {
    const { actor, clock } = start();
    for (let i = 0; i < 3; i += 1) actor.send({ type: 'alerts.raised', alert: { type: 'ERROR', message: 'errors.wsMsgTimeout' } });
    expect(actor.getSnapshot().context.queue).toHaveLength(0);
    actor.send({ type: 'alerts.dismissed' });
    clock.increment(200);
    expect(actor.getSnapshot().value).toBe('IDLE');
  });

  it('turns a caught error into an alert through toAlert', () => {
    const { actor, current } = start();
    actor.send({ type: 'alerts.errorRaised', error: new ServerMessageError('notAllowed', 'read Contact-3') });
    expect(actor.getSnapshot().context.current).toMatchObject({
      type: 'ERROR',
      message: 'errors.notAllowed',
      details: 'read Contact-3',
      translate: true,
    });
    actor.send({ type: 'alerts.dismissed' });
    expect(current()).toBeNull();
  });

  it('only logs errors of the ignore class and shows nothing', () => {
    const { actor, log } = start();
    actor.send({ type: 'alerts.errorRaised', error: new Error('Failed to register a ServiceWorker') });
    expect(actor.getSnapshot().value).toBe('IDLE');
    expect(log).toHaveBeenCalledWith('info', expect.stringContaining('ServiceWorker'), expect.any(Error));
  });

  it('shows error.notCaught for an unknown shape without dying', () => {
    const { actor, log } = start();
    actor.send({ type: 'alerts.errorRaised', error: 17 });
    expect(actor.getSnapshot().context.current?.message).toBe('error.notCaught');
    expect(actor.getSnapshot().status).toBe('active');
    expect(log).toHaveBeenCalledWith('error', 'error not caught', 17);
  });

  it('emits every error alert it shows, for the session tracker', () => {
    const { actor, clock } = start();
    const shown: string[] = [];
    actor.on('alerts.errorShown', (event) => shown.push(event.alert.message));
    actor.send({ type: 'alerts.raised', alert: { type: 'INFO', message: 'app.serverUpdated' } });
    actor.send({ type: 'alerts.raised', alert: { type: 'ERROR', message: 'errors.notFound' } });
    clock.increment(6_000);
    clock.increment(200);
    expect(shown).toEqual(['errors.notFound']);
  });

  it('places errors and warnings at the top, the rest at the bottom', () => {
    expect(alertPlacement('ERROR')).toBe('top-center');
    expect(alertPlacement('WARNING')).toBe('top-center');
    expect(alertPlacement('INFO')).toBe('bottom-center');
    expect(alertPlacement('SUCCESS')).toBe('bottom-center');
  });
});
