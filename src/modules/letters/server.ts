/**
 * The response-letters module's server part: the Letters panel's reads, a letter's writing and its
 * moves (the chart `machines/letters/letterStates.ts` is the authority, after the right to update
 * the response), sending (a job: letterSending.ts), the templates' checks and the demo's letters.
 */
import { letterStates } from '../../../machines/letters/letterStates';
import { OpError } from '../../server/OpError';
import type { Queryable } from '../../server/db/Database';
import type { ModuleServer } from '../../server/modules/ModuleServer';
import { bindOperation } from '../../server/ops/bindOperation';
import type { OpContext } from '../../server/ops/OpContext';
import { readableRecord } from '../../server/ops/itemOps';
import { signedInCaller } from '../../server/ops/signedInCaller';
import { canUpdate } from '../../server/policy/policy';
import type { Principal } from '../../server/policy/Principal';
import { ITEM_COLUMNS, toRecord, type ItemRecord, type ItemRow } from '../../server/store/ItemRecord';
import type { Author, ItemValidator } from '../../server/store/ItemStore';
import { sanitizeRichText } from '../../shared/items/sanitizeRichText';
import { applyTransition, type StateCaller } from '../../shared/items/stateCharts';
import type { ItemData } from '../../shared/items/types';
import { lettersDemo } from './demo';
import { lettersPermissions } from './letterPermissions';
import { EDITABLE_STATES, fillTemplate, relIdOf, relIdsOf, unknownFields, type LetterEvent, type LetterState } from './letterRules';
import { LETTER_SEND_JOB, letterJobs } from './letterSending';
import { letterStepBehaviours } from './letterStepBehaviours';
import { letterValues, signerOf } from './letterValues';
import { LETTER_EVENT_KINDS } from './model';
import { lettersOperations, type LetterContact, type LetterSummary, type LetterTemplateChoice } from './operations';

const authorOf = (p: Principal): Author => ({ userId: p.userId, masquerader: p.masquerader });
const stateCallerOf = (p: Principal): StateCaller => ({
  userId: p.userId,
  admin: p.admin,
  capabilities: p.capabilities,
  organizations: p.orgs,
});
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The response `id` the caller may read, refused like a missing item otherwise. */
async function responseOf(ctx: OpContext, id: string): Promise<ItemRecord> {
  const response = await readableRecord(ctx, id);
  if (response.type !== 'ConsultResponse' || response.deletedAt) throw new OpError('invalidId', `${id} is not a response`);
  return response;
}

/** Refuses a caller who may not change the response: writing its letters is that right (spec 001 §6). */
function mustWrite(caller: Principal, response: ItemRecord): void {
  if (!canUpdate(caller, response)) throw new OpError('notAllowed', `Not allowed to write letters of ${response.id}`);
}

/** The consultation's contacts a letter of the response may go to: its primary contacts, then its supporting ones. */
async function contactsOf(ctx: OpContext, response: ItemRecord): Promise<LetterContact[]> {
  const { items } = ctx.services;
  const consultationId = relIdOf(response.data.consultation);
  const consultation = consultationId ? await items.find(consultationId) : null;
  if (!consultation) return [];
  const primary = relIdsOf(consultation.data.primaryContacts);
  const ids = [...new Set([...primary, ...relIdsOf(consultation.data.supContacts)])];
  const found = await items.findMany(ids);
  return ids
    .map((id) => found.find((c) => c.id === id && !c.deletedAt))
    .filter((c): c is ItemRecord => !!c)
    .map((c) => {
      const email = typeof c.data.email === 'string' && c.data.email.includes('@') ? c.data.email.trim() : null;
      return { id: c.id, label: c.label, email, primary: primary.includes(c.id) };
    });
}

/** The community's letter templates (one per value of RLT_LETTERS), named by their value's label. */
async function templatesOf(db: Queryable, ownerOrg: string | null): Promise<(LetterTemplateChoice & { record: ItemData })[]> {
  if (!ownerOrg) return [];
  const res = await db.query<{ id: string; data: ItemData | string; name: string | null }>(
    `SELECT t.id, t.data, v.data->'t'->>'en' AS name FROM items t
       LEFT JOIN items v ON v.type = 'LOVValue' AND v.deleted_at IS NULL AND v.data->>'list' = 'RLT_LETTERS'
         AND v.data->>'key' = t.data->>'letter' AND (v.owner_org = t.owner_org OR v.owner_org IS NULL)
       WHERE t.type = 'LetterTemplate' AND t.deleted_at IS NULL AND t.owner_org = $1
       ORDER BY v.owner_org NULLS LAST`,
    [ownerOrg],
  );
  const out = new Map<string, LetterTemplateChoice & { record: ItemData }>();
  for (const row of res.rows) {
    if (out.has(row.id)) continue;
    const data = typeof row.data === 'string' ? (JSON.parse(row.data) as ItemData) : row.data;
    out.set(row.id, { id: row.id, name: row.name ?? String(data.letter), subject: String(data.subject ?? ''), record: data });
  }
  return [...out.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The recipients chosen, each a contact of the consultation with an address; by default its primary contacts with one. */
function recipientsFrom(contacts: readonly LetterContact[], chosen: readonly string[] | undefined): string[] {
  const reachable = contacts.filter((c) => c.email);
  if (chosen === undefined) return reachable.filter((c) => c.primary).map((c) => c.id);
  const ids = [...new Set(chosen)];
  if (ids.some((id) => !reachable.some((c) => c.id === id)))
    throw new OpError('validationFailed', 'A recipient is not a contact of the consultation with an address', {
      recipients: 'errors.letters.notRecipient',
    });
  return ids;
}

/** A letter's record as the panel shows it. */
async function summaryOf(ctx: OpContext, letter: ItemRecord): Promise<LetterSummary> {
  const d = letter.data;
  const files = await ctx.services.items.findMany(relIdsOf(d.files));
  return {
    id: letter.id,
    u: letter.u,
    subject: String(d.subject ?? ''),
    body: String(d.body ?? ''),
    state: String(d.state),
    recipients: relIdsOf(d.recipients),
    proposedBy: relIdOf(d.proposedBy),
    proposedByName: str(d.proposedByName),
    proposedAt: str(d.proposedAt),
    approvedByName: str(d.approvedByName),
    approvedAt: str(d.approvedAt),
    sentBackByName: str(d.sentBackByName),
    sentBackAt: str(d.sentBackAt),
    sentBackNote: str(d.sentBackNote),
    sentByName: str(d.sentByName),
    sentAt: str(d.sentAt),
    delivery: str(d.delivery),
    files: files.map((f) => ({ id: f.id, originalName: String(f.data.originalName ?? f.label) })),
  };
}

/** The letter `id` the caller may read, with its response, refusing one the caller may not write. */
async function writableLetter(ctx: OpContext, caller: Principal, id: string): Promise<{ letter: ItemRecord; response: ItemRecord }> {
  const letter = await readableRecord(ctx, id);
  if (letter.type !== 'ResponseLetter' || letter.deletedAt) throw new OpError('invalidId', `${id} is not a letter`);
  const response = await ctx.services.items.find(relIdOf(letter.data.response) ?? '');
  if (!response || response.deletedAt) throw new OpError('notFound', `The response of ${id} is gone`);
  mustWrite(caller, response);
  return { letter, response };
}

/** What each move writes on the letter besides its state (null clears). */
function movePatch(event: LetterEvent, caller: Principal, name: string, now: string, note: string | undefined): ItemData {
  const by = { id: caller.userId };
  switch (event) {
    case 'letter.propose':
      return {
        proposedBy: by,
        proposedByName: name,
        proposedAt: now,
        approvedBy: null,
        approvedByName: null,
        approvedAt: null,
        sentBackByName: null,
        sentBackAt: null,
        sentBackNote: null,
      };
    case 'letter.withdraw':
      return { proposedBy: null, proposedByName: null, proposedAt: null };
    case 'letter.approve':
      return { approvedBy: by, approvedByName: name, approvedAt: now };
    case 'letter.sendBack':
      return { sentBackByName: name, sentBackAt: now, sentBackNote: note?.trim() ? note.trim() : null };
    case 'letter.send':
      return { sentBy: by, sentByName: name, sentAt: now, delivery: 'QUEUED' };
  }
}

const EVENT_KIND: Record<LetterEvent, string> = {
  'letter.propose': LETTER_EVENT_KINDS.proposed,
  'letter.withdraw': LETTER_EVENT_KINDS.withdrawn,
  'letter.approve': LETTER_EVENT_KINDS.approved,
  'letter.sendBack': LETTER_EVENT_KINDS.sentBack,
  'letter.send': LETTER_EVENT_KINDS.sent,
};

/**
 * Takes `event` on `letter` (at `u`) for `caller`, in `tx`: the chart decides from the stored state
 * (transitionNotAllowed otherwise), the letter records who did it and when, the timelines of the
 * letter and its response get the move, and a send schedules the one job that files and mails it.
 */
async function move(
  ctx: OpContext,
  tx: Queryable,
  caller: Principal & { name: string },
  letter: ItemRecord,
  u: number,
  event: LetterEvent,
  note?: string,
): Promise<ItemRecord> {
  const { items, jobs } = ctx.services;
  if (u !== letter.u) throw new OpError('staleUpdate', `${letter.id} is at _u ${letter.u}, the move was asked from _u ${u}`);
  const subject = { createdBy: letter.createdBy, ownerOrg: letter.ownerOrg, data: letter.data };
  const outcome = applyTransition(letterStates, letter.data.state, { type: event, caller: stateCallerOf(caller), item: subject });
  if (!outcome.ok)
    throw new OpError(
      'transitionNotAllowed',
      `${event} is not allowed from ${String(letter.data.state)} for ${caller.userId} on ${letter.id}`,
    );
  const patch = movePatch(event, caller, caller.name, new Date().toISOString(), note);
  if (event === 'letter.send' && relIdsOf(letter.data.recipients).length === 0)
    throw new OpError('validationFailed', `${letter.id} has no recipients`, { recipients: 'errors.letters.noRecipients' });
  const author = authorOf(caller);
  const moved = await items.update(author, { $id: letter.id, _u: u, state: outcome.to, ...patch }, () => undefined, { admin: true, tx });
  await items.appendEvent(tx, author, { kind: EVENT_KIND[event], context: letter.id, also: [relIdOf(letter.data.response)!] });
  if (event === 'letter.send') await jobs.schedule({ kind: LETTER_SEND_JOB, key: letter.id }, tx);
  return moved;
}

/** A template's fields all known (errors.letters.unknownField), and one template per letter and organisation. */
const templateChecks: ItemValidator = async (tx, { type, data, ownerOrg, changed }) => {
  if (type.name !== 'LetterTemplate') return {};
  const errors: Record<string, string> = {};
  for (const prop of ['subject', 'body'])
    if ((!changed || changed.has(prop)) && unknownFields(String(data[prop] ?? '')).length > 0) errors[prop] = 'errors.letters.unknownField';
  if (!changed || changed.has('letter') || changed.has('owner')) {
    const taken = await tx.query(
      // The template itself is never found: its stored row still holds the value or owner it moves from.
      `SELECT 1 FROM items WHERE type = 'LetterTemplate' AND deleted_at IS NULL AND owner_org = $1 AND data->>'letter' = $2`,
      [ownerOrg, String(data.letter ?? '')],
    );
    if ((taken.rowCount ?? 0) > 0) errors.letter = 'errors.letters.templateTaken';
  }
  return errors;
};

export const lettersServer: ModuleServer = {
  name: 'letters',
  permissions: lettersPermissions,
  validators: [templateChecks],
  jobs: letterJobs,
  stepKinds: letterStepBehaviours,
  demo: lettersDemo,
  ops: [
    // The response's letters, newest first, and what a new one is written from; to whoever reads the response.
    bindOperation(lettersOperations.responseLetters, async (ctx, _p, { responseId }) => {
      const caller = signedInCaller(ctx);
      const response = await responseOf(ctx, responseId);
      const res = await ctx.services.db.query<{ id: string }>(
        `SELECT id FROM items WHERE type = 'ResponseLetter' AND deleted_at IS NULL AND data->'response'->>'id' = $1 ORDER BY idx DESC`,
        [responseId],
      );
      const found = await ctx.services.items.findMany(res.rows.map((r) => r.id));
      // Newest first, as the query ordered them (findMany answers in its own order).
      const letters = res.rows.map((r) => found.find((l) => l.id === r.id)).filter((l): l is ItemRecord => !!l);
      const mayWrite = canUpdate(caller, response);
      return {
        mayWrite,
        letters: await Promise.all(letters.map((l) => summaryOf(ctx, l))),
        templates: mayWrite
          ? (await templatesOf(ctx.services.db, response.ownerOrg)).map(({ id, name, subject }) => ({ id, name, subject }))
          : [],
        contacts: mayWrite ? await contactsOf(ctx, response) : [],
      };
    }),
    bindOperation(lettersOperations.letterPreview, async (ctx, _p, { responseId, templateId }) => {
      const caller = signedInCaller(ctx);
      const response = await responseOf(ctx, responseId);
      mustWrite(caller, response);
      return filled(ctx, caller, response, templateId, undefined);
    }),
    bindOperation(lettersOperations.letterCreate, async (ctx, _p, { responseId, templateId, recipients, propose }) => {
      const caller = signedInCaller(ctx);
      const response = await responseOf(ctx, responseId);
      mustWrite(caller, response);
      const chosen = recipientsFrom(await contactsOf(ctx, response), recipients);
      const { subject, body } = await filled(ctx, caller, response, templateId, chosen);
      const author = authorOf(caller);
      const signer = { ...caller, name: (await signerOf(ctx.services.items, caller.userId)).name };
      const letter = await ctx.services.db.transaction(async (tx) => {
        const made = await ctx.services.items.create(
          author,
          'ResponseLetter',
          {
            response: { id: response.id },
            owner: { id: response.ownerOrg },
            template: { id: templateId },
            subject,
            body,
            recipients: chosen.map((id) => ({ id })),
            state: 'DRAFT',
          },
          { admin: true, tx },
        );
        return propose ? move(ctx, tx, signer, made, made.u, 'letter.propose') : made;
      });
      ctx.services.items.noteChange({ id: letter.id, u: letter.u, kind: 'updated' });
      return { letterId: letter.id };
    }),
    // The text changes while it may (a draft, a proposal under review, a letter sent back); recipients too.
    bindOperation(lettersOperations.letterEdit, async (ctx, _p, { letterId, _u, subject, body, recipients }) => {
      const caller = signedInCaller(ctx);
      const { letter, response } = await writableLetter(ctx, caller, letterId);
      if (!EDITABLE_STATES.includes(String(letter.data.state) as LetterState))
        throw new OpError('validationFailed', `${letterId} is ${String(letter.data.state)}`, { body: 'errors.letters.notEditable' });
      const patch: ItemData = { $id: letterId, _u };
      if (subject !== undefined) patch.subject = subject;
      if (body !== undefined) patch.body = sanitizeRichText(body);
      if (recipients !== undefined) patch.recipients = recipientsFrom(await contactsOf(ctx, response), recipients).map((id) => ({ id }));
      const saved = await ctx.services.items.update(authorOf(caller), patch, () => undefined, { admin: true });
      return { letterId, u: saved.u };
    }),
    bindOperation(lettersOperations.letterMove, async (ctx, _p, { letterId, _u, event, note }) => {
      const caller = signedInCaller(ctx);
      await writableLetter(ctx, caller, letterId);
      const signer = { ...caller, name: (await signerOf(ctx.services.items, caller.userId)).name };
      const moved = await ctx.services.db.transaction(async (tx) => {
        // Read again under the lock of this transaction: two people clicking at once move it once.
        const res = await tx.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM items i WHERE i.id = $1 FOR UPDATE`, [letterId]);
        return move(ctx, tx, signer, toRecord(res.rows[0]!), _u, event as LetterEvent, note);
      });
      ctx.services.items.noteChange({ id: letterId, u: moved.u, kind: 'updated' });
      return { letterId, state: String(moved.data.state), u: moved.u };
    }),
  ],
};

/** The template filled for the response: its subject and (sanitized) text. */
async function filled(
  ctx: OpContext,
  caller: Principal,
  response: ItemRecord,
  templateId: string,
  recipients: readonly string[] | undefined,
): Promise<{ subject: string; body: string }> {
  const { items, db } = ctx.services;
  const template = await items.find(templateId);
  if (!template || template.deletedAt || template.type !== 'LetterTemplate' || template.ownerOrg !== response.ownerOrg)
    throw new OpError('validationFailed', `${templateId} is not a letter of ${response.ownerOrg ?? 'no one'}`, {
      templateId: 'errors.letters.templateOfOtherOrg',
    });
  const contacts = recipients ?? recipientsFrom(await contactsOf(ctx, response), undefined);
  const names = (await items.findMany([...contacts])).map((c) => c.label);
  const values = await letterValues(db, items, response, await signerOf(items, caller.userId), names, new Date());
  return {
    subject: fillTemplate(String(template.data.subject ?? ''), values, false),
    body: sanitizeRichText(fillTemplate(String(template.data.body ?? ''), values, true)),
  };
}
