/** A dashboard card's last word to the server: `removeWatch/{type}-0/{count}` for its type watch once it stops. */
import { fromCallback, type EventObject } from 'xstate';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { getConnection } from '../systemIds';

/** What the card tells it: a watch the server registered (its count), or that the socket's watches are gone. */
export type UnwatchTypeEvent = { type: 'card.watchAdded'; count: number } | { type: 'card.watchesLost' };

/** Sends `removeWatch/{type}-0/{count}` when its owner stops (exit actions do not run on stop in XState v5). */
export const unwatchTypeOnStop = fromCallback<EventObject, { type: string }>(({ input, system, receive }) => {
  let count: number | null = null;
  receive((event) => {
    const told = event as UnwatchTypeEvent;
    if (told.type === 'card.watchAdded') count = told.count;
    if (told.type === 'card.watchesLost') count = null;
  });
  return () => {
    const connection = getConnection(system);
    if (count === null || !connection) return;
    // Nobody waits for its answer, and the actor that would hear it is gone: a plain frame, no request actor.
    const frame = { o: callOf(operations.removeTypeWatch, undefined, { id: `${input.type}-0`, count }).o };
    connection.send({ type: 'connection.send', frame });
  };
});
