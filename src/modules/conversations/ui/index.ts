/** The conversations module's screens and their messages: one chunk. */
import type { ModuleScreens } from '../../../client/modules/ModuleClient';
import { ConversationsView } from './ConversationsView';
import { conversationMessages } from './messages';
import { ThreadPanel } from './ThreadPanel';

export const conversationScreens: ModuleScreens = {
  views: { 'v-conversations': ConversationsView },
  panels: { Thread: [ThreadPanel] },
  messages: conversationMessages,
};
