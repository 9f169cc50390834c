/**
 * The consultation module's browser part: its views (dashboard, projects, organisations, contacts,
 * state changes, files, communications, meetings), the distribution panel of a consultation's
 * read screen and the saved versions of an agreement, loaded as a chunk of their own.
 */
import type { ModuleClient } from '../../client/modules/ModuleClient';

export const consultClient: ModuleClient = {
  name: 'consult',
  panelTypes: ['Consultation', 'Agreement'],
  screens: () => import('./ui').then((m) => m.consultScreens),
};
