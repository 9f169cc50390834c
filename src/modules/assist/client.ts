/**
 * The live-assist module's browser part: the help session actor (idle, and cheap, until the user
 * asks for help) and the widget the help menu's support request opens, a chunk of its own; the
 * agents' console, a chunk of its own too.
 */
import { assistSessionMachine } from '../../../machines/assist/assistSessionMachine';
import { AssistSystemId } from '../../../machines/assist/assistSystemIds';
import type { ModuleClient } from '../../client/modules/ModuleClient';

export const assistClient: ModuleClient = {
  name: 'assist',
  actors: [{ systemId: AssistSystemId.assist, logic: assistSessionMachine }],
  support: () => import('./ui/AssistSupport').then((m) => m.AssistSupport),
  // A user's record lists her live-help recordings.
  panelTypes: ['User'],
  screens: () => import('./ui').then((m) => m.assistScreens),
};
