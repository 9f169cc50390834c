/** The WebSocket as a callback actor: the only code that touches the socket object the factory returns. */
import { fromCallback } from 'xstate';
import { CloseCode, type Frame } from '../../src/shared/protocol';
import type { SocketFactory, SocketLike } from './sessionEffects';

/** Commands the connection sends to the socket actor. */
export type SocketCommand = { type: 'socket.send'; data: string } | { type: 'socket.close'; code: number; reason: string };

/** What the socket actor reports to the connection. `frame` is null for a message that is not a frame. */
export type SocketEvent =
  { type: 'socket.opened' } | { type: 'socket.received'; frame: Frame | null } | { type: 'socket.closed'; code: number; reason: string };

export interface SocketInput {
  url: string;
  createSocket: SocketFactory;
}

/** Close code the browser reports when the connection failed without a close frame. */
export const ABNORMAL_CLOSE = 1006;

/** Parses a socket message; anything that is not a JSON object with a string `o` gives null. */
export function parseFrame(data: unknown): Frame | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { o?: unknown }).o !== 'string') return null;
    return parsed as Frame;
  } catch {
    return null;
  }
}

/** Opens one socket for the life of the actor; stopping the actor closes it. */
export const socketLogic = fromCallback<SocketCommand, SocketInput>(({ input, receive, sendBack }) => {
  const report = (event: SocketEvent): void => sendBack(event);
  let socket: SocketLike;
  try {
    socket = input.createSocket(input.url);
  } catch {
    report({ type: 'socket.closed', code: ABNORMAL_CLOSE, reason: 'socket factory failed' });
    return undefined;
  }
  let closed = false;
  // Handlers are detached before every close so that a closing socket never reports to a newer one's owner.
  const detach = (): void => {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
  };
  const close = (code: number, reason: string): void => {
    if (closed) return;
    closed = true;
    detach();
    socket.close(code, reason);
  };
  socket.onopen = () => report({ type: 'socket.opened' });
  socket.onmessage = (message) => report({ type: 'socket.received', frame: parseFrame(message.data) });
  socket.onclose = (event) => {
    closed = true;
    detach();
    report({ type: 'socket.closed', code: event.code, reason: event.reason });
  };
  // An error is always followed by a close event, which is what the connection acts on.
  socket.onerror = () => undefined;
  receive((command) => {
    if (command.type === 'socket.send') {
      if (!closed) socket.send(command.data);
    } else {
      close(command.code, command.reason);
    }
  });
  return () => close(CloseCode.normal, '');
});
