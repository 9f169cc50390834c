/** Request and reply as a promise, for code outside the machines (loaders, form submits). */
import type { Frame } from '../../src/shared/protocol';
import type { ConnectionActorRef } from '../systemIds';
import { failureToError } from './sessionErrors';

let lastTicket = 0;

/** Sends `frame` through the connection; resolves with the reply frame or rejects with a ClientError or ServerMessageError. */
export function request(connection: ConnectionActorRef, frame: Frame): Promise<Frame> {
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
      reject(failureToError(event.failure, event.o));
    });
    function stop(): void {
      replied.unsubscribe();
      failed.unsubscribe();
    }
    connection.send({ type: 'connection.send', frame, ticket });
  });
}
