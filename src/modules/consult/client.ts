/**
 * The consultation module's browser part: its views (dashboard, projects, organisations, contacts,
 * state changes, files, communications, meetings) and the distribution panel of a consultation's
 * read screen, loaded as a chunk of their own.
 */
import type { ModuleClient } from '../../client/modules/ModuleClient';

export const consultClient: ModuleClient = {
  name: 'consult',
  panelTypes: ['Consultation'],
  screens: () => import('./ui').then((m) => m.consultScreens),
};
