/**
 * How many socket requests this process runs at once (REQUESTS_IN_FLIGHT). A socket whose request
 * finds the process full waits its turn, oldest first, and is not read meanwhile: what it sends next
 * stays in the connection's buffers, not in memory as requests half-run. Under more load than the
 * database can serve, the requests waiting for it would otherwise each hold their frame, their
 * context and a chain of promises for seconds; every collection of the young generation copies them
 * anew, and those collections stop the event loop for milliseconds (docs/decisions.md, session 27).
 */
export interface Waiting {
  /** Offered a slot: it runs one request and calls `leave` when that is done (true), or has none left to run (false). */
  admit(): boolean;
}

export class RequestGate {
  private running = 0;
  private readonly queue: Waiting[] = [];
  private head = 0;

  /** At most `limit` requests at once; 0: no limit. */
  constructor(readonly limit: number) {}

  /** Takes a slot if one is free. */
  enter(): boolean {
    if (this.limit > 0 && (this.running >= this.limit || this.head < this.queue.length)) return false;
    this.running += 1;
    return true;
  }

  /** `waiting` gets the next free slot after those already waiting. */
  wait(waiting: Waiting): void {
    this.queue.push(waiting);
  }

  /** A request is done: its slot goes to the oldest waiting. */
  leave(): void {
    this.running -= 1;
    while (this.running < this.limit && this.head < this.queue.length) {
      const next = this.queue[this.head]!;
      this.head += 1;
      if (this.head > 1024 && this.head * 2 > this.queue.length) {
        this.queue.splice(0, this.head);
        this.head = 0;
      }
      this.running += 1;
      if (!next.admit()) this.running -= 1;
    }
  }

  /** Requests running now, and sockets waiting. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length - this.head };
  }
}
