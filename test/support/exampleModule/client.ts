/** The journal's browser part: no session actor, and its one screen loaded as a chunk of its own. */
import type { ModuleClient } from '../../../src/client/modules/ModuleClient';

export const journalClient: ModuleClient = {
  name: 'journal',
  screens: () => import('./ui').then((m) => m.journalScreens),
};
