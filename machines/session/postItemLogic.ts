/** POST /api/item as a callback actor, so that the connection stays pure and answers arrive as events. */
import { fromCallback } from 'xstate';
import type { Frame } from '../../src/shared/protocol';
import type { SessionEffects } from './sessionEffects';

export type PostCommand = { type: 'post.requested'; s: number; frame: Frame; token: string | null };

export type PostEvent = { type: 'post.answered'; s: number; frame: Frame } | { type: 'post.failed'; s: number; message: string };

export interface PostInput {
  postItem: SessionEffects['postItem'];
}

/** Runs every POST it is asked for and reports each answer with the request's sequence number. */
export const postItemLogic = fromCallback<PostCommand, PostInput>(({ input, receive, sendBack }) => {
  let stopped = false;
  const report = (event: PostEvent): void => {
    if (!stopped) sendBack(event);
  };
  receive((command) => {
    input.postItem(command.frame, command.token).then(
      (frame) => report({ type: 'post.answered', s: command.s, frame }),
      (error: unknown) => report({ type: 'post.failed', s: command.s, message: error instanceof Error ? error.message : String(error) }),
    );
  });
  return () => {
    stopped = true;
  };
});
