import type { EventKindDef } from './EventKindDef';

/** A registered kind and the module that registered it. */
export interface RegisteredEventKind {
  def: EventKindDef;
  owner: string;
}

/** Who registers kinds: the core or a module, by name. */
export interface EventKindSource {
  name: string;
  eventKinds?: readonly EventKindDef[];
}

/**
 * Every registered kind by name. A kind registered twice, or one without a kind or a description,
 * throws naming the modules: two modules saying one kind differently would show one of them wrongly.
 */
export function eventKindTable(sources: readonly EventKindSource[]): ReadonlyMap<string, RegisteredEventKind> {
  const table = new Map<string, RegisteredEventKind>();
  for (const source of sources) {
    for (const def of source.eventKinds ?? []) {
      if (!def.kind.trim()) throw new Error(`Module ${source.name} registers an event kind without a name`);
      if (!def.description.trim()) throw new Error(`Event kind ${def.kind} of module ${source.name} has no description key`);
      const known = table.get(def.kind);
      if (known) throw new Error(`Event kind ${def.kind} is registered twice: by module ${known.owner} and by module ${source.name}`);
      table.set(def.kind, { def, owner: source.name });
    }
  }
  return table;
}
