/**
 * Sending an approved letter, once: `act/letterMove` with `letter.send` marks it SENT and schedules
 * this job in the same transaction, keyed by the letter (scheduling again does nothing). The job
 * renders the letter as PDF and DOCX, files both on the response (one transaction, recorded on the
 * letter), then mails them to the recipients and records the delivery. Each step is recorded before
 * the next, so a retry after a failure half way repeats nothing that was done: files filed before a
 * mail that failed are not filed again, and a mail recorded as sent is never sent again.
 */
import { renderPdf } from '../../server/documents/renderPdf';
import { blocksText, richTextBlocks } from '../../server/documents/richTextBlocks';
import { readStoredFile, storeNewFile } from '../../server/files/objectStore';
import type { JobContext, JobKind } from '../../server/jobs/JobKind';
import type { Services } from '../../server/services';
import type { Author } from '../../server/store/ItemStore';
import type { ItemData } from '../../shared/items/types';
import { relIdOf, relIdsOf } from './letterRules';
import { LETTER_EVENT_KINDS } from './model';

/** The job that files and mails one sent letter (key: the letter's id). */
export const LETTER_SEND_JOB = 'letters.send';

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A file name made of the letter's subject: letters, digits and dashes. */
const fileBase = (subject: string): string =>
  subject
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80) || 'letter';

/** Writes the letter as PDF and DOCX among the uploads and files them on its response, in one transaction with the letter's record of them. */
async function fileLetter(services: Services, author: Author, letterId: string): Promise<void> {
  const { items, db, config } = services;
  const letter = (await items.find(letterId))!;
  const responseId = relIdOf(letter.data.response)!;
  const response = await items.find(responseId);
  if (!response) throw new Error(`The response ${responseId} of ${letterId} is gone`);
  const source = {
    title: String(letter.data.subject),
    letterhead: config.siteName,
    subhead: response.ownerOrg ? ((await items.find(response.ownerOrg))?.label ?? undefined) : undefined,
    html: String(letter.data.body ?? ''),
    author: String(letter.data.sentByName ?? ''),
  };
  const base = fileBase(source.title);
  // docx is loaded with the first letter sent rather than with the server.
  const { renderDocx } = await import('../../server/documents/renderDocx');
  const files = [
    { name: `${base}.pdf`, filetype: PDF, bytes: await renderPdf(source) },
    { name: `${base}.docx`, filetype: DOCX, bytes: await renderDocx(source) },
  ];
  const written: ((typeof files)[number] & { uploadId: string })[] = [];
  for (const file of files) written.push({ ...file, uploadId: await storeNewFile(config, file.bytes) });
  // Read before the transaction (the embedded database runs one at a time); a change meanwhile fails the update (stale), and the job runs again.
  const current = (await items.find(responseId))!;
  const [filedResponse, filedLetter] = await db.transaction(async (tx) => {
    const entries: ItemData[] = [];
    for (const file of written) {
      const made = await items.create(
        author,
        'Attachment',
        {
          originalName: file.name,
          fileID: file.uploadId,
          uppyID: file.uploadId,
          filetype: file.filetype,
          size: file.bytes.length,
          kind: 'DOCUMENT',
          relType: 'ConsultResponse',
          relIndex: current.idx,
          relProp: 'attachments',
          $access: 'COMMUNITY',
        },
        { admin: true, tx },
      );
      entries.push({
        id: made.id,
        uppyID: file.uploadId,
        originalName: file.name,
        size: file.bytes.length,
        kind: 'DOCUMENT',
        filetype: file.filetype,
      });
    }
    const attachments = Array.isArray(current.data.attachments) ? (current.data.attachments as ItemData[]) : [];
    return [
      await items.update(author, { $id: responseId, _u: current.u, attachments: [...attachments, ...entries] }, () => undefined, {
        admin: true,
        tx,
      }),
      await items.update(author, { $id: letterId, _u: letter.u, files: entries.map((e) => ({ id: e.id })) }, () => undefined, {
        admin: true,
        tx,
      }),
    ];
  });
  for (const record of [filedResponse, filedLetter]) items.noteChange({ id: record.id, u: record.u, kind: 'updated' });
}

/** Mails the filed letter to its recipients, the PDF and DOCX attached, replies going to whoever sent it. */
async function mailLetter(services: Services, letterId: string): Promise<void> {
  const { items, config, mailer } = services;
  const letter = (await items.find(letterId))!;
  const contacts = await items.findMany(relIdsOf(letter.data.recipients));
  const to = contacts.map((c) => String(c.data.email ?? '').trim()).filter((e) => e.includes('@'));
  if (to.length === 0) throw new Error(`${letterId} has no recipient with an e-mail address`);
  const files = await items.findMany(relIdsOf(letter.data.files));
  const attachments = await Promise.all(
    files.map(async (f) => ({
      filename: String(f.data.originalName),
      contentType: String(f.data.filetype),
      content: await readStoredFile(config, String(f.data.fileID)),
    })),
  );
  const sender = relIdOf(letter.data.sentBy);
  const replyTo = sender ? String((await items.find(sender))?.data.email ?? '') : '';
  await mailer.send({
    to,
    subject: String(letter.data.subject),
    text: `${blocksText(richTextBlocks(String(letter.data.body ?? '')))}\n\n--\nThe letter is attached as PDF and as a Word document.`,
    ...(replyTo.includes('@') ? { replyTo } : {}),
    attachments,
  });
}

/** Records the letter's delivery (and, once mailed, the event on its timeline and its response's). */
async function recordDelivery(services: Services, author: Author, letterId: string, delivery: string): Promise<void> {
  const { items, db } = services;
  const letter = (await items.find(letterId))!;
  const saved = await db.transaction(async (tx) => {
    const updated = await items.update(author, { $id: letterId, _u: letter.u, delivery }, () => undefined, { admin: true, tx });
    if (delivery === 'MAILED')
      await items.appendEvent(tx, author, { kind: LETTER_EVENT_KINDS.mailed, context: letterId, also: [relIdOf(letter.data.response)!] });
    return updated;
  });
  items.noteChange({ id: letterId, u: saved.u, kind: 'updated' });
}

/** How many times the mail is tried before the letter says it failed. */
const MAX_ATTEMPTS = 6;

/** The job kinds of the letters module. */
export const letterJobs: JobKind[] = [
  {
    name: LETTER_SEND_JOB,
    outsideTransaction: true,
    maxAttempts: MAX_ATTEMPTS,
    backoffSeconds: 5,
    async handler(ctx: JobContext) {
      const { services, key } = ctx;
      const SYSTEM: Author = { userId: null, masquerader: null };
      const letter = await services.items.find(key);
      if (!letter || letter.deletedAt || letter.data.state !== 'SENT' || letter.data.delivery === 'MAILED') return;
      const author: Author = { userId: relIdOf(letter.data.sentBy), masquerader: null };
      try {
        if (relIdsOf(letter.data.files).length === 0) await fileLetter(services, author.userId ? author : SYSTEM, key);
        await mailLetter(services, key);
      } catch (e) {
        await recordDelivery(services, SYSTEM, key, ctx.attempt >= MAX_ATTEMPTS ? 'FAILED' : 'RETRYING').catch(() => undefined);
        throw e;
      }
      await recordDelivery(services, SYSTEM, key, 'MAILED');
    },
  },
];
