/**
 * POST /api/item, and GET /api/stream/{key} of a streamed reply sent that way, as a callback actor,
 * so that the connection stays pure and answers arrive as events.
 */
import { fromCallback } from 'xstate';
import type { Frame } from '../../src/shared/protocol';
import type { SessionEffects } from './sessionEffects';

export type PostCommand =
  | { type: 'post.requested'; s: number; frame: Frame; token: string | null }
  | { type: 'stream.pollRequested'; key: string; ticket: string; token: string | null };

export type PostEvent =
  | { type: 'post.answered'; s: number; frame: Frame }
  | { type: 'post.failed'; s: number; message: string }
  | { type: 'stream.polled'; ticket: string; frames: Frame[]; done: boolean }
  | { type: 'stream.pollFailed'; ticket: string; message: string };

export interface PostInput {
  postItem: SessionEffects['postItem'];
  getStream: SessionEffects['getStream'];
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Runs every POST it is asked for and reports each answer with the request's sequence number. */
export const postItemLogic = fromCallback<PostCommand, PostInput>(({ input, receive, sendBack }) => {
  let stopped = false;
  const report = (event: PostEvent): void => {
    if (!stopped) sendBack(event);
  };
  receive((command) => {
    if (command.type === 'stream.pollRequested') {
      input.getStream(command.key, command.token).then(
        ({ frames, done }) => report({ type: 'stream.polled', ticket: command.ticket, frames, done }),
        (error: unknown) => report({ type: 'stream.pollFailed', ticket: command.ticket, message: messageOf(error) }),
      );
      return;
    }
    input.postItem(command.frame, command.token).then(
      (frame) => report({ type: 'post.answered', s: command.s, frame }),
      (error: unknown) => report({ type: 'post.failed', s: command.s, message: messageOf(error) }),
    );
  });
  return () => {
    stopped = true;
  };
});
