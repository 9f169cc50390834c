import { ProtocolClient } from './protocolClient';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A signed-in socket that connects again whenever the server closes it, as the browser's connection
 * does: to the next of `wsUrls` in turn (several server processes behind one address), signing in
 * with `token` and running `onConnect` (its watches) each time.
 */
export class ReconnectingClient {
  client!: ProtocolClient;
  /** `{code} {reason}` of every close it lived through, in order. */
  readonly closes: string[] = [];
  /** The address of each connection it made, in order. */
  readonly connectedTo: string[] = [];
  private stopped = false;
  private next = 0;
  private ready!: Promise<void>;

  constructor(
    private readonly wsUrls: readonly string[],
    private readonly token: string,
    private readonly onConnect: (c: ProtocolClient) => Promise<unknown> = async () => undefined,
  ) {}

  async start(): Promise<this> {
    this.ready = this.open();
    await this.ready;
    return this;
  }

  private async open(): Promise<void> {
    for (;;) {
      const url = this.wsUrls[this.next++ % this.wsUrls.length]!;
      try {
        const { client } = await ProtocolClient.connect(url, this.token);
        await this.onConnect(client);
        this.client = client;
        this.connectedTo.push(url);
        void client.closed.then((c) => {
          if (this.stopped) return;
          this.closes.push(`${c.code} ${c.reason}`);
          this.ready = this.open();
        });
        return;
      } catch {
        await sleep(200);
      }
    }
  }

  /** Closes it for good. */
  stop(): void {
    this.stopped = true;
    this.client.close();
  }

  /** The socket once it is connected and `onConnect` has run (after a close, the next one). */
  async connected(): Promise<ProtocolClient> {
    await this.ready;
    return this.client;
  }

  /** Sends a request once connected; a socket closed under it rejects, as for ProtocolClient. */
  async call<T>(o: string, b?: unknown): Promise<T> {
    await this.ready;
    return this.client.call<T>(o, b);
  }
}
