import type { OpRoute } from '../ops/OpContext';

/** The server side of a domain module: the actions it adds to the operation table. */
export interface ModuleServer {
  name: string;
  ops: readonly OpRoute[];
}
