/** Module-level selectors for the shell's `useSelector` calls over non-auth actors. */
import type { SnapshotFrom } from 'xstate';
import type { alertsMachine } from '../../../machines/session/alertsMachine';
import type { Prefs, shellMachine } from '../../../machines/session/shellMachine';
import { activeSysAlerts, currentModalAlert, type SystemAlert, type sysAlertsMachine } from '../../../machines/session/sysAlertsMachine';
import type { TaskEntry, tasksMachine } from '../../../machines/session/tasksMachine';

type ShellSnapshot = SnapshotFrom<typeof shellMachine>;

export const selectPrefs = (s: ShellSnapshot): Prefs => s.context.prefs;
export const selectSearchOpen = (s: ShellSnapshot): boolean => s.context.searchOpen;
export const selectCookieBanner = (s: ShellSnapshot): boolean => s.matches({ cookies: 'ASKING' });
export const selectNewVersion = (s: ShellSnapshot): boolean => s.matches({ update: 'AVAILABLE' });
export const selectCurrentAlert = (s: SnapshotFrom<typeof alertsMachine>) => s.context.current;
export const selectTasks = (s: SnapshotFrom<typeof tasksMachine>): TaskEntry[] => s.context.tasks;
export const selectKillKey = (s: SnapshotFrom<typeof tasksMachine>): string | null =>
  s.matches('CONFIRMING_KILL') ? s.context.killKey : null;
export const selectModalSysAlert = (s: SnapshotFrom<typeof sysAlertsMachine>): SystemAlert | null => currentModalAlert(s.context);
export const selectActiveSysAlertCount = (s: SnapshotFrom<typeof sysAlertsMachine>): number => activeSysAlerts(s.context).length;
