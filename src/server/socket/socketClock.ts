/**
 * One timer for the deadlines of every socket of the process (token warning, token expiry, idle
 * check, authentication time-out) instead of up to four timers a socket: each timer, with its
 * closure and a timer list of its own for its unique duration, cost about 2 KB of a socket's memory
 * (issue 20: memory per idle signed-in socket). A deadline is met within one period.
 */

/** What the clock ticks: a socket that looks at its own deadlines. */
export interface Ticking {
  tick(now: number): void;
}

/** How often the deadlines are looked at, in ms. */
export const SOCKET_CLOCK_PERIOD_MS = 200;

class SocketClock {
  private readonly members = new Set<Ticking>();
  private timer: NodeJS.Timeout | null = null;

  add(member: Ticking): void {
    this.members.add(member);
    if (this.timer) return;
    this.timer = setInterval(() => this.tickAll(), SOCKET_CLOCK_PERIOD_MS);
    // Sockets keep the process alive by themselves; the clock does not.
    this.timer.unref();
  }

  remove(member: Ticking): void {
    this.members.delete(member);
    if (this.members.size > 0 || !this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
  }

  private tickAll(): void {
    const now = Date.now();
    for (const member of this.members) {
      try {
        member.tick(now);
      } catch (e) {
        console.error('A socket deadline failed:', e);
      }
    }
  }
}

/** The process's clock for its sockets. */
export const socketClock = new SocketClock();
