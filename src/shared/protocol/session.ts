/** The user session the server sends with `authed` (spec 000 §3). */

/** A running task as the session lists it (spec 000 §3 Task). */
export interface TaskInfo {
  key: string;
  asyncKey?: string;
  started: string;
  percentageComplete: number;
  resultURI?: string;
  keyAction?: 'delete';
  keyItem?: string;
  errorKey?: string;
}

/** The signed-in user as the browser sees it. */
export interface UserSession {
  $id: string;
  _t: 'User';
  _i: number;
  name: string;
  email: string;
  admin: boolean;
  capabilities: Record<string, boolean>;
  menuPackage: string;
  dark: boolean;
  hideGuidance: boolean;
  multiColumns: boolean;
  $version: string;
  activeTasks: TaskInfo[];
  masquerading: boolean;
  /** The organisations the user belongs to ("my organizations"), each with what they may do there. */
  organizations: Record<string, Record<string, boolean>>;
  /** When the token of this session expires (ISO time). */
  tokenExpires: string;
}

/** The user session with no one signed in. */
export const ANONYMOUS_USER_ID = 'User-0';
