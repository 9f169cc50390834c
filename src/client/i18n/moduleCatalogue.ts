/**
 * The messages of module screens loaded so far. A module's screens carry their own catalogue in
 * their chunk (docs/modules.md); when the chunk arrives its messages join here, and the app's
 * formatter (IntlContext) picks them up before the screen renders. Static text, never user state.
 */
let loaded: Readonly<Record<string, string>> = {};
const listeners = new Set<() => void>();

/** Adds a loaded chunk's messages. */
export function addModuleMessages(messages: Readonly<Record<string, string>>): void {
  if (Object.entries(messages).every(([key, message]) => loaded[key] === message)) return;
  loaded = { ...loaded, ...messages };
  for (const listener of listeners) listener();
}

/** The messages loaded so far (a new object after each change). */
export const loadedModuleMessages = (): Readonly<Record<string, string>> => loaded;

/** Calls `listener` whenever messages are added; returns the unsubscribe. */
export function onModuleMessages(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
