import { toAlert, raiseError } from '../../../machines/session/toAlert';
import { ClientError, IgnoredError, ServerMessageError } from '../../../machines/session/sessionErrors';
import type { AlertsEvent } from '../../../machines/session/alertsMachine';

describe('toAlert: the handling order of spec 000 §8', () => {
  it('(1) shows a translated client error by its key, with its detail', () => {
    expect(toAlert(new ClientError('errors.wsMsgTimeout', 'read/Contact-1'))).toEqual({
      action: 'show',
      alert: { type: 'ERROR', message: 'errors.wsMsgTimeout', details: 'read/Contact-1' },
    });
    expect(toAlert({ kind: 'client', key: 'errors.cellKeyNotValid' })).toEqual({
      action: 'show',
      alert: { type: 'ERROR', message: 'errors.cellKeyNotValid' },
    });
  });

  it('(1) only logs a silent client failure (a POST that never reached the server)', () => {
    expect(toAlert({ kind: 'client', key: 'errors.networkError', silent: true })).toMatchObject({ action: 'ignore', log: true });
  });

  it('(2) shows a server message as errors.{userMessage} with the system message as details', () => {
    expect(toAlert(new ServerMessageError('staleUpdate', 'update of Contact-4 at _u 2'))).toEqual({
      action: 'show',
      alert: { type: 'ERROR', message: 'errors.staleUpdate', details: 'update of Contact-4 at _u 2' },
    });
  });

  it('swallows parseRequestFailed quietly', () => {
    expect(toAlert(new ServerMessageError('parseRequestFailed'))).toEqual({ action: 'ignore', log: false, message: 'parseRequestFailed' });
    expect(toAlert({ userMessage: 'parseRequestFailed' })).toMatchObject({ action: 'ignore', log: false });
  });

  it('(3) only logs the ignore class', () => {
    expect(toAlert(new IgnoredError('Control set A no longer exists'))).toEqual({
      action: 'ignore',
      log: true,
      message: 'Control set A no longer exists',
    });
  });

  it('(4) shows bodies with userMessage, task errorKey, erred frames and HTTP responses', () => {
    expect(toAlert({ userMessage: 'notAllowed', sysMessage: 'read Contact-9' })).toEqual({
      action: 'show',
      alert: { type: 'ERROR', message: 'errors.notAllowed', details: 'read Contact-9' },
    });
    expect(toAlert({ errorKey: 'exportFailed' })).toEqual({ action: 'show', alert: { type: 'ERROR', message: 'errors.exportFailed' } });
    expect(toAlert({ errorKey: 'archive.zipFailed' })).toEqual({ action: 'show', alert: { type: 'ERROR', message: 'archive.zipFailed' } });
    expect(toAlert({ o: 'read/Contact-1', s: 4, erred: true, b: { userMessage: 'notFound', sysMessage: 'no Contact-1' } })).toEqual({
      action: 'show',
      alert: { type: 'ERROR', message: 'errors.notFound', details: 'no Contact-1' },
    });
    expect(toAlert({ response: { data: { userMessage: 'signInThrottled' } } })).toEqual({
      action: 'show',
      alert: { type: 'ERROR', message: 'errors.signInThrottled' },
    });
  });

  it('(5) shows errors.networkError for a network failure', () => {
    expect(toAlert(new Error('Network Error'))).toEqual({ action: 'show', alert: { type: 'ERROR', message: 'errors.networkError' } });
  });

  it('(6) ignores a failed service worker registration', () => {
    expect(toAlert(new Error('Failed to register a ServiceWorker for scope'))).toMatchObject({ action: 'ignore', log: true });
  });

  it('(7) shows any other error message as plain text', () => {
    expect(toAlert(new Error('No response body from read/Contact-1'))).toEqual({
      action: 'show',
      alert: { type: 'ERROR', message: 'No response body from read/Contact-1', translate: false },
    });
  });

  it('(8) shows errors.generalFailure for a plain string', () => {
    expect(toAlert('something odd')).toEqual({
      action: 'show',
      alert: { type: 'ERROR', message: 'errors.generalFailure', details: 'something odd' },
    });
  });

  it('(9) shows error.notCaught and asks to rethrow anything else', () => {
    expect(toAlert(42)).toEqual({ action: 'showAndThrow', alert: { type: 'ERROR', message: 'error.notCaught' }, error: 42 });
    expect(toAlert({ unexpected: true })).toMatchObject({ action: 'showAndThrow' });
    expect(toAlert(null)).toMatchObject({ action: 'showAndThrow' });
  });

  it('checks the steps in order: a ClientError is not treated as a plain Error', () => {
    expect(toAlert(new ClientError('Network Error'))).toEqual({ action: 'show', alert: { type: 'ERROR', message: 'Network Error' } });
  });
});

describe('raiseError', () => {
  it('sends the error to the alerts actor and rethrows only what step (9) says must surface', () => {
    const sent: AlertsEvent[] = [];
    const alerts = { send: (event: AlertsEvent) => sent.push(event) };
    expect(() => raiseError(alerts, new Error('Network Error'))).not.toThrow();
    expect(() => raiseError(alerts, Symbol.for('odd'))).toThrow();
    expect(sent.map((event) => event.type)).toEqual(['alerts.errorRaised', 'alerts.errorRaised']);
  });
});
