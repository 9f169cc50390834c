/** The live-assist module's screens and their messages: the agents' console and the recordings on a user's record, one chunk. */
import type { ModuleScreens } from '../../../client/modules/ModuleClient';
import { ASSIST_CONSOLE_VIEW } from '../model';
import { AgentConsoleView } from './AgentConsoleView';
import { assistMessages } from './messages';
import { RecordingsPanel } from './RecordingsPanel';

export const assistScreens: ModuleScreens = {
  views: { [ASSIST_CONSOLE_VIEW]: AgentConsoleView },
  panels: { User: [RecordingsPanel] },
  messages: assistMessages,
};
