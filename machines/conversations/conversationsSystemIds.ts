/** The system ids of the conversations module's session actors, and their typed getters. */
import type { ActorRefFrom } from 'xstate';
import type { conversationsMachine } from './conversationsMachine';

/** The module's long-lived actors, started by the session from the module registry. */
export const ConversationsSystemId = {
  conversations: 'conversations',
} as const;

export type ConversationsActorRef = ActorRefFrom<typeof conversationsMachine>;

/** What the getter needs of an actor system. */
interface SystemLike {
  get(key: string): unknown;
}

/** The signed-in user's threads and unread counts, followed live. */
export const getConversations = (system: SystemLike): ConversationsActorRef | undefined =>
  system.get(ConversationsSystemId.conversations) as ConversationsActorRef | undefined;
