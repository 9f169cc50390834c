/** The clock of every bucket not given one: one function, not a closure per bucket (one bucket per socket). */
const performanceNow = (): number => performance.now();

/** A token bucket: `capacity` takes at once, refilled at `perSecond`; `take` answers whether one was left. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    readonly capacity: number,
    readonly perSecond: number,
    private readonly now: () => number = performanceNow,
  ) {
    this.tokens = capacity;
    this.last = now();
  }

  /** Takes one token if there is one. */
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((t - this.last) * this.perSecond) / 1000);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
