/**
 * Which socket a change came from, carried from the request through the store to the pushes: the
 * store writes it into the change's notification, and the hub marks the push to that very socket
 * `own`, so the tab that made a change (a panel's operation such as a workflow step, not only its
 * form) is not told that "the item was changed on the server". Another tab of the same person is
 * told, as it should be: the change is news there. Several processes share the notifications, so
 * an origin names its process too.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

const PROCESS = randomBytes(6).toString('base64url');

/** The origin of the changes made by the requests of socket `connectionId` of this process. */
export const originOf = (connectionId: number): string => `${PROCESS}:${connectionId}`;

/** The socket number of this process that `origin` names, or null (another process's, or none). */
export const connectionOfOrigin = (origin: string | undefined): number | null =>
  origin?.startsWith(`${PROCESS}:`) ? Number(origin.slice(PROCESS.length + 1)) : null;

const current = new AsyncLocalStorage<string>();

/** Runs `work` (one socket request) with its changes marked as coming from `origin`. */
export const withChangeOrigin = <T>(origin: string, work: () => Promise<T>): Promise<T> => current.run(origin, work);

/** The origin of the request being handled, if it came on a socket. */
export const changeOrigin = (): string | undefined => current.getStore();
