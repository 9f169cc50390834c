/**
 * The machines' one request helper (CONVENTIONS.md "Remote resources"): an operation of the table is
 * sent through the session's connection, its reply matched to it, a reply that never comes fails with
 * the connection's time-out (errors.wsMsgTimeout), and a failure arrives as a typed RequestFailure.
 * Machines invoke or spawn `operationLogic` with an OperationCall (`callOf(op, body, params)`); the
 * reply's type comes from the operation table. Actors started outside the session use
 * `connectionOperationLogic`, whose input also names the connection.
 */
import { fromPromise } from 'xstate';
import type { Frame } from '../../src/shared/protocol';
import type { OperationCall } from '../../src/shared/protocol/operationCall';
import { getConnection, type ConnectionActorRef, type SystemLike } from '../systemIds';
import { DROPPED } from './pendingRequests';
import type { RequestFailure } from './sessionErrors';

let lastTicket = 0;

/** Sends `frame` through `connection` with a ticket of its own: resolves with the reply frame, rejects with the RequestFailure. */
export function exchange(connection: ConnectionActorRef | undefined, frame: Frame): Promise<Frame> {
  // Without a session there is nothing to send through: the same failure as a dropped socket.
  if (!connection) return Promise.reject(DROPPED);
  lastTicket += 1;
  const ticket = `request-${lastTicket}`;
  return new Promise<Frame>((resolve, reject) => {
    const replied = connection.on('connection.replied', (event) => {
      if (event.ticket !== ticket) return;
      stop();
      resolve(event.frame);
    });
    const failed = connection.on('connection.failed', (event) => {
      if (event.ticket !== ticket) return;
      stop();
      reject(event.failure);
    });
    function stop(): void {
      replied.unsubscribe();
      failed.unsubscribe();
    }
    connection.send({ type: 'connection.send', frame, ticket });
  });
}

/** Sends `call` through `connection`: resolves with the reply's body, rejects with the RequestFailure. */
export const callOperation = <R>(connection: ConnectionActorRef | undefined, call: OperationCall<R>): Promise<R> =>
  exchange(connection, call.b === undefined ? { o: call.o } : { o: call.o, b: call.b }).then((frame) => frame.b as R);

/** The actor logic of one request: its output is the reply, its error the RequestFailure. */
export const operationLogic = fromPromise<unknown, OperationCall>(({ input, system }) =>
  callOperation(getConnection(system as SystemLike), input),
);

/** One request of an actor that may run outside the session: the call, and the connection to send it through. */
export interface ConnectionCall {
  call: OperationCall;
  /** The connection of the actor's input; null inside the session, where it is found by system id. */
  connection: ConnectionActorRef | null;
}

/**
 * An operation sent through the connection of its input, for actors started outside the session (a
 * field's chooser or uploads shown outside a form have no session system to find the connection in).
 */
export const connectionOperationLogic = fromPromise<unknown, ConnectionCall>(({ input, system }) =>
  callOperation(input.connection ?? getConnection(system as SystemLike), input.call),
);

/** The failure an operation actor's error carries (anything else, a bug, as a client error). */
export const failureOf = (error: unknown): RequestFailure =>
  typeof error === 'object' && error !== null && 'kind' in error
    ? (error as RequestFailure)
    : { kind: 'client', key: 'errors.generalFailure', detail: String(error) };
