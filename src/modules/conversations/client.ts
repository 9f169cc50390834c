/**
 * The conversations module's browser part: the session actor following the user's threads and
 * unread counts, the conversations view and the thread screen's messages and composer, loaded as a
 * chunk of their own.
 */
import { conversationsMachine } from '../../../machines/conversations/conversationsMachine';
import { ConversationsSystemId } from '../../../machines/conversations/conversationsSystemIds';
import type { ModuleClient } from '../../client/modules/ModuleClient';

export const conversationsClient: ModuleClient = {
  name: 'conversations',
  actors: [{ systemId: ConversationsSystemId.conversations, logic: conversationsMachine }],
  panelTypes: ['Thread'],
  screens: () => import('./ui').then((m) => m.conversationScreens),
};
