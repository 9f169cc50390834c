/**
 * The actors a view keeps for as long as its cell is open (the admin screens', a wizard's, a dashboard
 * card's): the view names the logic and the cell spawns it, so they are part of the session's actor tree
 * (the `?inspect` inspector shows them) and stop when the column closes. The logic travels in the
 * request rather than in a table of the cell's, so each view's statechart ships in the view's own chunk
 * and the first download carries none of them (npm run bench:client).
 */
import type { AnyActorLogic } from 'xstate';

/** A view's request for one of its actors: `id` tells apart several of one view (e.g. values and organisations). */
export interface ViewActorRequest {
  id: string;
  logic: AnyActorLogic;
  input: unknown;
}
