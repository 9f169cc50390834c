/**
 * What a workflow step kind does on the server (docs/modules.md "Workflow step kinds"): a module
 * lists these in `ModuleServer.stepKinds`, one per kind its model declares. The workflow engine
 * calls them inside the transaction that moves the step, so their writes commit with the move or
 * not at all.
 */
import type { Queryable } from '../db/Database';
import type { Principal } from '../policy/Principal';
import type { Services } from '../services';
import type { ItemRecord } from '../store/ItemRecord';
import type { Author } from '../store/ItemStore';
import type { ItemData } from '../../shared/items/types';
import type { StepInstance } from '../../shared/workflow/StepKindDef';

/** What a behaviour is told: the move's transaction, who moves the step, the item and the step. */
export interface StepContext {
  tx: Queryable;
  services: Services;
  author: Author;
  /** Who asked (null when the system moves it: a previous step completing, a job). */
  caller: Principal | null;
  /** The workflow-capable item (a response), as stored before the move. */
  item: ItemRecord;
  step: StepInstance;
  now: Date;
}

/** What a behaviour asks the engine to write with the move. */
export interface StepEffect {
  /** Values kept on the step (`props`), merged into what it holds (a snapshot's attachment id). */
  props?: ItemData;
  /** Properties of the item changed with the move (an outcome copied to the response), as the server writes them. */
  item?: ItemData;
  /**
   * A transition of the item's state chart to take once the move is written, as the caller (a decided
   * outcome answers the response); one the chart refuses then is left untaken, the move stands.
   */
  transition?: string;
}

/** The server behaviour of one step kind. */
export interface StepBehaviour {
  kind: string;
  /** Runs as the step becomes ACTIVE (a snapshot is stamped, a thread opened). */
  onActive?: (ctx: StepContext) => Promise<StepEffect | void>;
  /**
   * Why the step may not be COMPLETE yet (a message key, shown to the person), or null when it may:
   * an outcome must be chosen, a letter approved. A forced move skips this check.
   */
  completeRefusal?: (ctx: StepContext) => Promise<string | null>;
  /** Runs as the step becomes COMPLETE (an outcome is copied to the item). */
  onComplete?: (ctx: StepContext) => Promise<StepEffect | void>;
}
