/** Which session actor a server push is for, and the event it becomes (DESIGN.md "Live protocol"). */
import { asMenuSettings } from '../../src/shared/modules/menuSettings';
import {
  Push,
  type Frame,
  type LocaleOverridePush,
  type NewTokenBody,
  type SiteConfig,
  type TaskInfo,
  type TokenWarningBody,
  type UserSession,
} from '../../src/shared/protocol';
import type { SystemId } from '../systemIds';
import type { AuthEvent } from './authMachine';
import type { SessionEvent } from './sessionEvents';
import type { SysAlertsEvent, SystemAlert } from './sysAlertsMachine';
import type { TasksEvent } from './tasksMachine';

/** The push that carries the active system alerts (not in spec 000 §7's list; see the sysAlerts machine). */
export const SYS_ALERTS_PUSH = 'sysAlerts';

/** One delivery of a push to a session actor. */
export type PushRoute =
  | { to: typeof SystemId.auth; event: AuthEvent }
  | { to: typeof SystemId.tasks; event: TasksEvent }
  | { to: typeof SystemId.sysAlerts; event: SysAlertsEvent }
  | { to: typeof SystemId.session; event: SessionEvent };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isUserSession = (b: unknown): b is UserSession => isRecord(b) && typeof b.$id === 'string';
const isTask = (b: unknown): b is TaskInfo => isRecord(b) && typeof b.key === 'string';
const isTokenWarning = (b: unknown): b is TokenWarningBody => isRecord(b) && typeof b.expires === 'string';
const isNewToken = (b: unknown): b is NewTokenBody => isRecord(b) && typeof b.token === 'string';
const isSystemAlert = (b: unknown): b is SystemAlert => isRecord(b) && typeof b.id === 'string';
const isLocaleOverride = (b: unknown): b is LocaleOverridePush =>
  isRecord(b) && typeof b.lang === 'string' && typeof b.key === 'string' && (typeof b.message === 'string' || b.message === null);

/** The parts of the site config a `siteConfig` push may change, read leniently. */
function siteConfigChanges(b: Record<string, unknown>): Partial<SiteConfig> {
  return {
    ...('menu' in b ? { menu: asMenuSettings(b.menu) } : {}),
    ...('ownerOrg' in b ? { ownerOrg: typeof b.ownerOrg === 'string' ? b.ownerOrg : null } : {}),
  };
}

/** The deliveries for a push; a push of the wrong shape is delivered nowhere rather than crash a receiver. */
export function routePush(frame: Frame): PushRoute[] {
  const { b } = frame;
  switch (frame.o) {
    case Push.authed:
      if (!isUserSession(b)) return [];
      return [
        { to: 'auth', event: { type: 'auth.authed', user: b } },
        { to: 'tasks', event: { type: 'tasks.synced', tasks: Array.isArray(b.activeTasks) ? b.activeTasks.filter(isTask) : [] } },
      ];
    case Push.tokenWarning:
      return isTokenWarning(b) ? [{ to: 'auth', event: { type: 'auth.tokenWarning', expires: b.expires } }] : [];
    case Push.newToken:
      return isNewToken(b) ? [{ to: 'auth', event: { type: 'auth.newToken', token: b.token, expires: b.expires } }] : [];
    case Push.taskUpdate:
      return isTask(b) ? [{ to: 'tasks', event: { type: 'tasks.updated', task: b } }] : [];
    case Push.taskComplete:
      return isTask(b) ? [{ to: 'tasks', event: { type: 'tasks.completed', task: b } }] : [];
    case SYS_ALERTS_PUSH:
      return Array.isArray(b) ? [{ to: 'sysAlerts', event: { type: 'sysAlerts.received', alerts: b.filter(isSystemAlert) } }] : [];
    case Push.siteConfig:
      return isRecord(b) && !Array.isArray(b)
        ? [{ to: 'session', event: { type: 'session.siteConfigChanged', changes: siteConfigChanges(b) } }]
        : [];
    case Push.localeOverride:
      return isLocaleOverride(b)
        ? [{ to: 'session', event: { type: 'session.messageChanged', lang: b.lang, key: b.key, message: b.message } }]
        : [];
    default:
      return [];
  }
}
