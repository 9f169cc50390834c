/** The live-assist module's screens and their messages: the agents' console, one chunk. */
import type { ModuleScreens } from '../../../client/modules/ModuleClient';
import { ASSIST_CONSOLE_VIEW } from '../model';
import { AgentConsoleView } from './AgentConsoleView';
import { assistMessages } from './messages';

export const assistScreens: ModuleScreens = {
  views: { [ASSIST_CONSOLE_VIEW]: AgentConsoleView },
  messages: assistMessages,
};
