import { csvExportTask } from './csvExportTask';
import type { TaskKind } from './TaskKind';

// Kinds of the platform itself; modules and routes register theirs.
const kinds = new Map<string, TaskKind>([[csvExportTask.name, csvExportTask]]);

/** The kinds of long-running task this server can run; each module registers its own. */
export const taskKinds = {
  /** Adds `kind`; registering the same kind again is harmless, another kind of the same name is an error. */
  register(kind: TaskKind): void {
    const known = kinds.get(kind.name);
    if (known && known !== kind) throw new Error(`Task kind ${kind.name} is already registered`);
    kinds.set(kind.name, kind);
  },
  get(name: string): TaskKind | undefined {
    return kinds.get(name);
  },
};
