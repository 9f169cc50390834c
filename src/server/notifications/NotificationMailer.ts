import type { Database } from '../db/Database';
import type { Mailer } from '../mail/Mailer';
import { readableKind } from '../../shared/events/EventKindDef';

/** How often each process looks for notification mail that is due, in ms. */
const POLL_MS = 2_000;
/** Most messages one round sends. */
const BATCH = 100;
/** How long a process holds the mail it claimed: past this, another sends it (its process died while sending). */
const LEASE_MS = 5 * 60_000;
/** How long a mail whose sending failed waits before it is tried again. */
const RETRY_MS = 60_000;

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
 * Sends the notification mail that is due: each process claims rows for a while (FOR UPDATE SKIP
 * LOCKED, so several processes never claim the same message), sends, and only then removes them. A
 * mail whose sending failed is tried again a minute later; one whose process died while sending is
 * sent by another once the claim runs out. So a mail is never lost, and sent twice only if a process
 * dies between the mail server's acceptance and the removal. One user's due notifications go out as
 * one mail: a single one for IMMEDIATE, a digest when several came due together.
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
    const due = (
      await this.db.query<DueRow>(
        `WITH claimed AS (
           UPDATE notify_mail m SET claimed_until = now() + $1 * interval '1 millisecond'
           WHERE m.notify_id IN (
             SELECT q.notify_id FROM notify_mail q
             WHERE q.due_at <= now() AND (q.claimed_until IS NULL OR q.claimed_until < now())
             ORDER BY q.due_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
           RETURNING m.notify_id, m.user_id)
         SELECT c.notify_id, c.user_id, a.email, n.data->>'$kind' AS kind, n.data->'$context'->>'id' AS context,
           (SELECT x.label FROM items x WHERE x.id = n.data->'$context'->>'id') AS label
         FROM claimed c JOIN accounts a ON a.user_id = c.user_id JOIN items n ON n.id = c.notify_id`,
        [LEASE_MS],
      )
    ).rows;
    const byUser = new Map<string, DueRow[]>();
    for (const row of due) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
    let sent = 0;
    for (const rows of byUser.values()) {
      const ids = rows.map((r) => r.notify_id);
      try {
        await this.sendOne(rows);
      } catch (e) {
        console.error(`Notification mail to ${rows[0]!.email} failed, trying again in a minute:`, e);
        await this.db.query(
          `UPDATE notify_mail SET claimed_until = NULL, due_at = now() + $2 * interval '1 millisecond' WHERE notify_id = ANY($1)`,
          [ids, RETRY_MS],
        );
        continue;
      }
      await this.db.query('DELETE FROM notify_mail WHERE notify_id = ANY($1)', [ids]);
      sent += rows.length;
    }
    return sent;
  }

  /** One mail to one person: a single change, or a digest of several. */
  private async sendOne(rows: DueRow[]): Promise<void> {
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
}
