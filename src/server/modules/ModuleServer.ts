import type { WebSocket } from 'ws';
import type { AccountService } from '../accounts/AccountService';
import type { Queryable } from '../db/Database';
import type { Migration } from '../db/migrations/Migration';
import type { OpRoute } from '../ops/OpContext';
import type { TypeRule } from '../policy/TypeRule';
import type { DerivedField } from '../store/DerivedField';
import type { ChangeHook, ItemStore, ItemValidator } from '../store/ItemStore';
import type { TaskKind } from '../tasks/TaskKind';
import type { JobKind } from '../jobs/JobKind';
import type { Services } from '../services';
import type { StepBehaviour } from '../workflow/StepBehaviour';
import type { ImportReader } from '../imports/ImportReader';

/** What a module's demo data may build on: the core's demo organisations and the services, in the seeding transaction. */
export interface DemoSeed {
  tx: Queryable;
  items: ItemStore;
  accounts: AccountService;
  /** The first administrator, the author of the demo records. */
  adminId: string | null;
  /** The core's demo organisations by role: the community and the organisations that consult with it. */
  organizations: { community: string; proponent: string; regulator: string };
  /** Stores a demo file as an upload would leave it (on disk or in the bucket); answers its upload id. */
  storeFile: (bytes: Buffer) => Promise<string>;
}

/** A WebSocket route of a module's own (live-assist's `/ws-assist/socket`): the core checks the Origin as on `/ws`, the module authenticates. */
export interface ModuleSocket {
  path: string;
  open(socket: WebSocket, query: Record<string, unknown>, services: Services): void;
}

/**
 * The server part of a domain module (docs/modules.md), listed once in `src/modules/server.ts`;
 * the core applies every part of every module.
 */
export interface ModuleServer {
  name: string;
  /** Its socket operations, each bound to its entry of the operation table (`bindOperation`). */
  ops: readonly OpRoute[];
  /** Checks of its items that need the database, run in the write transaction of every create and update (any type's items: a validator looks at `input.type`). */
  validators?: readonly ItemValidator[];
  /** Run in the transaction of every create, update and delete, after the change is written. */
  changeHooks?: readonly ChangeHook[];
  /**
   * Who may read, create, update or delete items of a type, one rule per type and action, each given
   * the generic answer to narrow or widen; a read rule also says it as SQL (docs/permissions.md).
   */
  permissions?: readonly TypeRule[];
  /** Read-only properties the server computes whenever it presents an item of their type, never stored. */
  derived?: readonly DerivedField[];
  /** Its schema: ids from 1000 up, so they never meet the core's; applied after the core's. */
  migrations?: readonly Migration[];
  /** The long-running task kinds it adds (`act/task/{kind}`). */
  taskKinds?: readonly TaskKind[];
  /** Its scheduled work: recurring kinds and kinds of one-off jobs (docs/modules.md "Scheduled work"). */
  jobs?: readonly JobKind[];
  /**
   * What its workflow step kinds (ModuleModel.stepKinds) do on ACTIVE and what must hold for
   * COMPLETE (src/server/workflow/StepBehaviour.ts), one per kind it declares.
   */
  stepKinds?: readonly StepBehaviour[];
  /** Long-lived work of its own (a listener), started once the server's services run; answers how to stop it, at close. */
  start?: (services: Services) => Promise<() => Promise<void>>;
  /** Fills a fresh demo site with the module's records, after the core's, in the same transaction. */
  demo?: (seed: DemoSeed) => Promise<void>;
  /** Its own socket routes. */
  sockets?: readonly ModuleSocket[];
  /**
   * The file readers of its import kinds declared with a `reader` (ModuleModel.importKinds): each
   * turns an uploaded file into records the import framework writes (src/server/imports/ImportReader.ts).
   */
  importReaders?: readonly ImportReader[];
}
