import { createActor, toPromise } from 'xstate';
import { connectionOperationLogic } from '../../../machines/session/operation';
import type { ConnectionActorRef } from '../../../machines/systemIds';
import { callOf } from '../../../src/shared/protocol/operationCall';
import { operations } from '../../../src/shared/protocol/operations';
import { fakeConnection, settled, startInSession } from '../router/support/sessionFakes';

const readCall = callOf(operations.read, undefined, { id: 'Contact-3' });

describe('connectionOperationLogic', () => {
  test('outside a session it sends through the connection of its input and answers the reply', async () => {
    const connection = createActor(fakeConnection).start();
    const actor = createActor(connectionOperationLogic, {
      // The fake stands in for the real connection: only connection.send and its emitted replies are used.
      input: { call: readCall, connection: connection as unknown as ConnectionActorRef },
    }).start();
    expect(connection.getSnapshot().context.sent.map((r) => r.frame)).toEqual([{ o: 'read/Contact-3' }]);
    connection.send({ type: 'fake.reply', index: 0, b: { $id: 'Contact-3', _u: 2 } });
    await expect(toPromise(actor)).resolves.toEqual({ $id: 'Contact-3', _u: 2 });
  });

  test("a refusal arrives as the server's RequestFailure", async () => {
    const connection = createActor(fakeConnection).start();
    const actor = createActor(connectionOperationLogic, {
      input: { call: readCall, connection: connection as unknown as ConnectionActorRef },
    }).start();
    connection.send({ type: 'fake.reply', index: 0, erred: true, b: { userMessage: 'notAllowed', sysMessage: 'no' } });
    await expect(toPromise(actor)).rejects.toMatchObject({ kind: 'server', userMessage: 'notAllowed' });
  });

  test("without a connection of its own it sends through the session's", async () => {
    const h = startInSession(connectionOperationLogic, { systemId: 'op-test', input: { call: readCall, connection: null } });
    expect(h.sent()).toEqual([{ o: 'read/Contact-3' }]);
    h.reply({ $id: 'Contact-3', _u: 1 });
    await settled();
    expect(h.subject.getSnapshot()).toMatchObject({ status: 'done', output: { $id: 'Contact-3', _u: 1 } });
    h.stop();
  });

  test('with neither its own connection nor a session it fails as a network error', async () => {
    const actor = createActor(connectionOperationLogic, { input: { call: readCall, connection: null } }).start();
    await expect(toPromise(actor)).rejects.toEqual({ kind: 'client', key: 'errors.networkError' });
  });
});
