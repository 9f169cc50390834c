import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';

/** A message found in the outbox. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** Every message the server wrote to `DATA_DIR/outbox`, oldest first. */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  const mails: OutboxMail[] = [];
  for (const file of readdirSync(dir).sort()) {
    const parsed = await simpleParser(readFileSync(join(dir, file)));
    const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
    mails.push({ to: to ?? '', subject: parsed.subject ?? '', text: parsed.text ?? '' });
  }
  return mails;
}

/** The token of the first link to `path` in a mail's text. */
export function linkToken(mail: OutboxMail, path: string): string {
  const m = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!m) throw new Error(`no ${path} link in: ${mail.text}`);
  return m[1]!;
}
