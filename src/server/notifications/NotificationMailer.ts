import type { Database } from '../db/Database';
import type { Mailer } from '../mail/Mailer';
import { readableKind } from '../../shared/events/EventKindDef';

/** How often each process looks for notification mail that is due, in ms. */
const POLL_MS = 2_000;
/** Most messages one round sends. */
const BATCH = 100;

interface DueRow {
  notify_id: string;
  user_id: string;
  email: string;
  kind: string;
  context: string;
  label: string | null;
}

/** What happened, in the mail's plain English: the core's changes as before, any other kind readable, never raw. */
const mailVerb = (kind: string): string =>
  kind === 'created' || kind === 'updated' || kind === 'deleted' ? `was ${kind}` : `was changed (${readableKind(kind)})`;

/**
 * Sends the notification mail that is due: each process takes rows with FOR UPDATE SKIP LOCKED, so
 * several processes never send the same message. One user's due notifications go out as one mail:
 * a single one for IMMEDIATE, a digest when several came due together.
 */
export class NotificationMailer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly site: { siteName: string; baseUrl: () => string },
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running = this.running
        .then(async () => void (await this.sendDue()))
        .catch((e) => console.error('Sending notification mail failed:', e));
    }, POLL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Sends every message that is due now; answers how many notifications went out. */
  async sendDue(): Promise<number> {
    const due = await this.db.transaction(async (tx) => {
      const res = await tx.query<DueRow>(
        `DELETE FROM notify_mail m USING accounts a, items n
         WHERE m.notify_id IN (SELECT notify_id FROM notify_mail WHERE due_at <= now() ORDER BY due_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
           AND a.user_id = m.user_id AND n.id = m.notify_id
         RETURNING m.notify_id, m.user_id, a.email, n.data->>'$kind' AS kind, n.data->'$context'->>'id' AS context,
           (SELECT c.label FROM items c WHERE c.id = n.data->'$context'->>'id') AS label`,
      );
      return res.rows;
    });
    const byUser = new Map<string, DueRow[]>();
    for (const row of due) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
    for (const rows of byUser.values()) {
      const lines = rows.map((r) => `- ${r.label || r.context} ${mailVerb(r.kind)}: ${this.site.baseUrl()}/i-${r.context}`);
      await this.mailer.send({
        to: rows[0]!.email,
        subject:
          rows.length === 1
            ? `${rows[0]!.label || rows[0]!.context} ${mailVerb(rows[0]!.kind)}`
            : `${rows.length} changes on ${this.site.siteName}`,
        text: `${lines.join('\n')}\n\nYou receive this because you follow these records on ${this.site.siteName}. Change how you are told in each record's notification settings.\n`,
      });
    }
    return due.length;
  }
}
