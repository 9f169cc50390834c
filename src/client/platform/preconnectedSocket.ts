/**
 * The session's side of the early socket (earlyRequests.ts): the socket factory's first socket, when the
 * page opened one for the same address and token, is that socket, with what it heard replayed.
 */
import type { SocketLike } from '../../../machines/session/sessionEffects';
import type { Preconnect, PreconnectEvent } from './earlyRequestsState';

/** Close code when the early socket was authenticated with a token the session no longer holds. */
const TOKEN_CHANGED = 4000;

/** The early socket as a SocketLike: its past events replayed once the connection's handlers are set, its first tokenAuth already sent. */
class PreconnectedSocket implements SocketLike {
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  private authChecked = false;

  constructor(private readonly state: Preconnect) {
    state.claimed = true;
    // The socket actor sets its handlers right after the factory returns; what happened before is told after that, in order.
    queueMicrotask(() => {
      const past = state.events.splice(0);
      state.listener = (event) => this.dispatch(event);
      for (const event of past) this.dispatch(event);
    });
  }

  send(data: string): void {
    if (!this.authChecked) {
      this.authChecked = true;
      // The connection's first frame is tokenAuth, which the early script sent already with this token.
      if (isTokenAuth(data, this.state.token)) return;
      this.state.socket.close(TOKEN_CHANGED, 'tokenChanged');
      return;
    }
    this.state.socket.send(data);
  }

  close(code?: number, reason?: string): void {
    this.state.listener = null;
    this.state.socket.close(code, reason);
  }

  private dispatch(event: PreconnectEvent): void {
    if (event.type === 'open') this.onopen?.(undefined);
    else if (event.type === 'message') this.onmessage?.({ data: event.data });
    else this.onclose?.({ code: event.code, reason: event.reason });
  }
}

function isTokenAuth(data: string, token: string): boolean {
  try {
    const frame = JSON.parse(data) as { o?: unknown; b?: unknown };
    return frame.o === 'tokenAuth' && frame.b === token;
  } catch {
    return false;
  }
}

/**
 * The early socket for `url`, taken once, when the page opened one for that address with `token`;
 * null otherwise (the factory then opens a socket of its own).
 */
export function takePreconnected(state: Preconnect | undefined, url: string, token: string | null): SocketLike | null {
  if (!state || state.claimed || state.url !== url || state.token !== token || state.socket.readyState > WebSocket.OPEN) return null;
  return new PreconnectedSocket(state);
}
