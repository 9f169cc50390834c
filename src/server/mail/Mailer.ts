import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

/** A file sent with a message (a letter as PDF and DOCX). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** One message to send. */
export interface Mail {
  /** One address, or several (a letter to a consultation's contacts). */
  to: string | string[];
  subject: string;
  text: string;
  /** Where replies go (a conversation's inbound address), when not the sender. */
  replyTo?: string;
  /** Extra headers (Message-ID, In-Reply-To, References: a reply by mail finds its thread by them). */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
}

/**
 * Sends mail through the SMTP server of `SMTP_URL`, or, without one, writes each message as an
 * `.eml` file into `DATA_DIR/outbox`, where an administrator (or a test) can read it.
 */
export class Mailer {
  private readonly transport: Transporter;

  constructor(
    private readonly from: string,
    smtpUrl: string | undefined,
    private readonly outbox: string,
  ) {
    this.transport = smtpUrl
      ? nodemailer.createTransport(smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    this.smtp = !!smtpUrl;
  }

  private readonly smtp: boolean;

  async send(mail: Mail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, ...mail });
    if (this.smtp) return;
    mkdirSync(this.outbox, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    writeFileSync(join(this.outbox, name), (info as unknown as { message: Buffer }).message);
  }
}
