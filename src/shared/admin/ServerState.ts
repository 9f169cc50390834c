/** The answer of `act/serverState` (the admin.state screen), read by both sides. */

/** How the server answering is doing. */
export interface ServerState {
  /** The server's package version. */
  version: string;
  /** Seconds since this server process started. */
  uptimeSeconds: number;
  /** Live sockets open on this process. */
  openSockets: number;
  /** Tasks running on any process. */
  activeTasks: number;
  /** `pglite` (embedded) or `postgres`. */
  driver: string;
  /** Size of the database in bytes. */
  databaseBytes: number;
  /** Whether this is a dedicated (single-organisation) deployment. */
  dedicated: boolean;
}
