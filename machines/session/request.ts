/** Request and reply as a promise, for code outside the machines (loaders, form submits). */
import type { Frame } from '../../src/shared/protocol';
import type { ConnectionActorRef } from '../systemIds';
import { exchange } from './operation';
import { failureToError, type RequestFailure } from './sessionErrors';

/** Sends `frame` through the connection; resolves with the reply frame or rejects with a ClientError or ServerMessageError. */
export const request = (connection: ConnectionActorRef, frame: Frame): Promise<Frame> =>
  exchange(connection, frame).catch((failure: RequestFailure) => Promise.reject(failureToError(failure, frame.o)));
