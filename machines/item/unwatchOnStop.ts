/** The item actor's last word to the server: `removeWatch/{id}` once it stops, if it ever watched. */
import { fromCallback, type EventObject } from 'xstate';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { getConnection } from '../systemIds';

/** Sends `removeWatch/{id}` when its owner stops (exit actions do not run on stop in XState v5) after `item.watchAdded`. */
export const unwatchOnStop = fromCallback<EventObject, { id: string }>(({ input, system, receive }) => {
  let watched = false;
  receive((event) => {
    if (event.type === 'item.watchAdded') watched = true;
  });
  return () => {
    const connection = getConnection(system);
    // Nobody waits for its answer, and the actor that would hear it is gone: a plain frame, no request actor.
    const frame = { o: callOf(operations.removeWatch, undefined, { id: input.id }).o };
    if (watched && connection) connection.send({ type: 'connection.send', frame });
  };
});
