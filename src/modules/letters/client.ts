/** The letters module's browser part: the Letters panel of a response and the letter templates view, loaded as a chunk of their own. */
import type { ModuleClient } from '../../client/modules/ModuleClient';

export const lettersClient: ModuleClient = {
  name: 'letters',
  panelTypes: ['ConsultResponse'],
  screens: () => import('./ui').then((m) => m.lettersScreens),
};
