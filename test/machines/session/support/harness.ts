/**
 * Runs one session actor under a root that registers recorders under the other system ids, so a
 * test sees exactly what the actor sends to its peers, with a simulated clock.
 */
import {
  createActor,
  createMachine,
  fromCallback,
  SimulatedClock,
  spawnChild,
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyEventObject,
  type InputFrom,
} from 'xstate';
import type { SystemId } from '../../../../machines/systemIds';

export interface Harness<TLogic extends AnyActorLogic> {
  subject: ActorRefFrom<TLogic>;
  clock: SimulatedClock;
  /** Events each recorder received, by system id. */
  received: Record<string, AnyEventObject[]>;
  /** Events of one type a peer received. */
  sentTo(peer: SystemId, type?: string): AnyEventObject[];
  stop(): void;
}

/** Starts `logic` as `systemId` with recorders standing in for `peers`. */
export function startWithPeers<TLogic extends AnyActorLogic>(
  logic: TLogic,
  options: { systemId: SystemId; input: InputFrom<TLogic>; peers: SystemId[] },
): Harness<TLogic> {
  const received: Record<string, AnyEventObject[]> = {};
  for (const peer of options.peers) received[peer] = [];
  const recorder = fromCallback<AnyEventObject, { id: string }>(({ input, receive }) => {
    receive((event) => received[input.id]?.push(event));
  });
  const root = createMachine({
    id: 'harness',
    entry: [
      ...options.peers.map((peer) => spawnChild(recorder, { id: peer, systemId: peer, input: { id: peer } })),
      spawnChild(logic, { id: 'subject', systemId: options.systemId, input: options.input }),
    ],
  });
  const clock = new SimulatedClock();
  const actor = createActor(root, { clock }).start();
  const subject = actor.getSnapshot().children['subject'] as ActorRefFrom<TLogic>;
  return {
    subject,
    clock,
    received,
    sentTo: (peer, type) => (received[peer] ?? []).filter((event) => type === undefined || event.type === type),
    stop: () => actor.stop(),
  };
}

/**
 * Moves a simulated clock forward in small steps: SimulatedClock fires each timer once per
 * increment and starts timers set while firing from the new time, so periodic timers need steps.
 */
export function advance(clock: SimulatedClock, ms: number, step = 100): void {
  for (let left = ms; left > 0; left -= step) clock.increment(Math.min(step, left));
}
