/**
 * Response letters (issue 15), on both drivers: a community's templates (who keeps them, their
 * fields, one per letter), a letter filled from one, the approval rules (one person proposes,
 * another approves or sends back, the proposer never approves their own, nobody moves it by hand),
 * and sending: once, by mail to the consultation's contacts with the letter as PDF and DOCX, filed
 * on the response; a mail that fails after the filing is tried again without filing twice.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { TimelineEvent } from '../../src/shared/items/TimelineEvent';
import type { Item } from '../../src/shared/items/types';
import type { ResponseLetters } from '../../src/modules/letters/operations';
import { docxText, pdfPages } from '../support/documentText';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
/** Responds for community A (ConsultRespond there): proposes. */
let ada: TestUser;
/** Writes for community A: approves. */
let abe: TestUser;
/** A member of community A without a right to change its responses. */
let amy: TestUser;
/** Writes for community B. */
let ben: TestUser;
const org = { proponent: '', regulator: '', a: '', b: '' };
const contact = { pat: '', quinn: '', noMail: '', reg: '' };
let responseA = '';
let responseB = '';
let templateA = '';

const refusal = (reply: { erred?: boolean; b?: unknown }) =>
  reply.erred ? (reply.b as { userMessage: string; fields?: object }) : undefined;
const lettersOf = (user: TestUser, responseId: string) => user.client.call<ResponseLetters>('act/responseLetters', { responseId });
const letterOf = async (user: TestUser, id: string) => (await lettersOf(user, responseA)).letters.find((l) => l.id === id)!;
const moveAs = (user: TestUser, letterId: string, _u: number, event: string, note?: string) =>
  user.client.request('act/letterMove', { letterId, _u, event, ...(note ? { note } : {}) });

async function until(probe: () => Promise<boolean>, what: string, tries = 200): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`never: ${what}`);
}

/** Every letter mailed (the outbox also holds the followers' notifications), parsed whole with its attachments. */
async function outbox(): Promise<ParsedMail[]> {
  return (await allMail()).filter((m) => m.attachments.length > 0);
}

async function allMail(): Promise<ParsedMail[]> {
  const dir = join(srv.config.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return Promise.all(
    readdirSync(dir)
      .sort()
      .map((f) => simpleParser(readFileSync(join(dir, f)))),
  );
}

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  const a = admin.client;
  org.proponent = (await a.call<Item>('create/Organization', { displayName: 'Prairie Power', type: 'INDUSTRY' })).$id;
  org.regulator = (await a.call<Item>('create/Organization', { displayName: 'Energy Regulator', type: 'GOVERNMENT' })).$id;
  org.a = (await a.call<Item>('create/Organization', { displayName: 'Lakeview First Nation', type: 'COMMUNITY' })).$id;
  org.b = (await a.call<Item>('create/Organization', { displayName: 'Red River Nation', type: 'COMMUNITY' })).$id;
  const person = async (firstName: string, lastName: string, orgId: string, email?: string) =>
    (await a.call<Item>('create/Contact', { firstName, lastName, ...(email ? { email } : {}), _related: [{ id: orgId }] })).$id;
  contact.pat = await person('Pat', 'Okemaw', org.proponent, 'pat.okemaw@prairiepower.example');
  contact.quinn = await person('Quinn', 'Volt', org.proponent, 'quinn.volt@prairiepower.example');
  contact.noMail = await person('Nell', 'Post', org.proponent);
  contact.reg = await person('Rita', 'Rules', org.regulator, 'rita.rules@regulator.example');
  ada = await buildUser(srv, { name: 'Ada Lake' });
  abe = await buildUser(srv, { name: 'Abe Lake' });
  amy = await buildUser(srv, { name: 'Amy Lake' });
  ben = await buildUser(srv, { name: 'Ben River' });
  await a.call('act/setMembership', { userId: ada.id, orgId: org.a, capabilities: { ConsultRespond: true } });
  await a.call('act/setMembership', { userId: abe.id, orgId: org.a, capabilities: { write: true } });
  await a.call('act/setMembership', { userId: amy.id, orgId: org.a, capabilities: {} });
  await a.call('act/setMembership', { userId: ben.id, orgId: org.b, capabilities: { write: true } });
  const made = await a.call<Item>('create/Consultation', {
    owner: { id: org.proponent },
    projectName: 'Transmission line 9L40',
    identifiers: 'PP-2026-114',
    region: 'SOUTH',
    stream: 'NORMAL',
    projectType: 'ENERGY',
    primaryOrg: { id: org.proponent },
    primaryContacts: [{ id: contact.pat }, { id: contact.quinn }, { id: contact.noMail }],
    supOrgs: [{ org: { id: org.regulator }, role: 'REGULATOR' }],
    supContacts: [{ id: contact.reg }],
    requestedResponseDate: '2026-12-01',
    projectStartDt: '2027-01-01',
    projectEndDt: '2027-06-30',
    projectDescription: '<p>A 138 kV line.</p>',
    locationDescription: '<p>South hunting grounds.</p>',
  });
  const submitted = await a.call<Item>(`transition/${made.$id}`, { event: 'consultation.submit', _u: made._u });
  await a.call<Item>(`transition/${made.$id}`, { event: 'consultation.assign', _u: submitted._u });
  const { responses } = await a.call<{ responses: string[] }>('act/consultDistribute', {
    consultationId: made.$id,
    communities: [org.a, org.b],
  });
  const found = await Promise.all(responses.map((id) => a.call<Item>(`read/${id}`)));
  responseA = found.find((r) => (r.owner as { id: string }).id === org.a)!.$id;
  responseB = found.find((r) => (r.owner as { id: string }).id === org.b)!.$id;
  const current = await a.call<Item>(`read/${responseA}`);
  await a.call('update', { $id: responseA, _u: current._u, anticipatedResponse: '2026-11-20', priority: 'HIGH' });
  // Rights reach open sockets through a refresh.
  await until(async () => (await lettersOf(ada, responseA).catch(() => null))?.mayWrite === true, 'ada writes A');
  await until(async () => (await lettersOf(abe, responseA).catch(() => null))?.mayWrite === true, 'abe writes A');
  await until(async () => !!(await lettersOf(amy, responseA).catch(() => null)), 'amy reads A');
  await until(async () => (await lettersOf(ben, responseB).catch(() => null))?.mayWrite === true, 'ben writes B');
});

afterAll(() => srv?.stop());

describe('letter templates', () => {
  it('are kept by whoever may change the community’s responses, name known fields only, one per letter', async () => {
    await ada.client.call('create/LOVValue', {
      list: 'RLT_LETTERS',
      key: 'RESPONSE',
      t: { en: 'Response with concerns' },
      owner: { id: org.a },
      state: 'ACTIVE',
    });
    expect(
      refusal(await amy.client.request('create/LOVValue', { list: 'RLT_LETTERS', key: 'OTHER', t: { en: 'Other' }, owner: { id: org.a } }))
        ?.userMessage,
    ).toBe('notAllowed');
    const body = {
      owner: { id: org.a },
      letter: 'RESPONSE',
      subject: '{{community.name}}: response on {{consultation.projectName}}',
      body: [
        '<p>{{letter.date}}</p><p>To {{letter.recipients}},</p>',
        '<h2>Re: {{consultation.projectName}} ({{consultation.identifiers}})</h2>',
        '<p>{{community.name}} has reviewed the proposal of {{consultation.proponent}} and will answer by <strong>{{response.anticipatedResponse}}</strong> (priority {{response.priority}}).</p>',
        '<ol><li>Caribou calving grounds</li><li>Water crossings</li></ol>',
        '<p>With respect,<br>{{signer.name}}</p>',
      ].join(''),
    };
    expect(refusal(await amy.client.request('create/LetterTemplate', body))?.userMessage).toBe('notAllowed');
    expect(refusal(await ada.client.request('create/LetterTemplate', { ...body, body: '<p>{{consultation.budget}}</p>' }))?.fields).toEqual(
      {
        body: 'errors.letters.unknownField',
      },
    );
    templateA = (await ada.client.call<Item>('create/LetterTemplate', body)).$id;
    expect(refusal(await abe.client.request('create/LetterTemplate', body))?.fields).toEqual({ letter: 'errors.letters.templateTaken' });
    // Another community never reads them, nor writes letters from them.
    expect(refusal(await ben.client.request(`read/${templateA}`))?.userMessage).toBe('notAllowed');
    expect(refusal(await ben.client.request('act/letterPreview', { responseId: responseB, templateId: templateA }))?.fields).toEqual({
      templateId: 'errors.letters.templateOfOtherOrg',
    });
  });

  it('fill in the response, the consultation, the community and the signer as a person reads them', async () => {
    const { templates, contacts } = await lettersOf(ada, responseA);
    expect(templates).toEqual([{ id: templateA, name: 'Response with concerns', subject: expect.any(String) }]);
    expect(contacts.map((c) => [c.label, c.email, c.primary])).toEqual([
      ['Pat Okemaw', 'pat.okemaw@prairiepower.example', true],
      ['Quinn Volt', 'quinn.volt@prairiepower.example', true],
      ['Nell Post', null, true],
      ['Rita Rules', 'rita.rules@regulator.example', false],
    ]);
    const preview = await ada.client.call<{ subject: string; body: string }>('act/letterPreview', {
      responseId: responseA,
      templateId: templateA,
    });
    expect(preview.subject).toBe('Lakeview First Nation: response on Transmission line 9L40');
    expect(preview.body).toContain('<h2>Re: Transmission line 9L40 (PP-2026-114)</h2>');
    expect(preview.body).toContain(
      'Lakeview First Nation has reviewed the proposal of Prairie Power and will answer by <strong>20-Nov-2026</strong> (priority High).',
    );
    expect(preview.body).toContain('To Pat Okemaw, Quinn Volt,');
    expect(preview.body).toContain('With respect,<br />Ada Lake');
    expect(preview.body).not.toContain('{{');
    expect(refusal(await amy.client.request('act/letterPreview', { responseId: responseA, templateId: templateA }))?.userMessage).toBe(
      'notAllowed',
    );
  });
});

describe('approval', () => {
  let letterId = '';

  it('one person proposes, and may take it back, but never approves their own', async () => {
    expect(
      refusal(await amy.client.request('act/letterCreate', { responseId: responseA, templateId: templateA, propose: true }))?.userMessage,
    ).toBe('notAllowed');
    expect(
      refusal(await ada.client.request('act/letterCreate', { responseId: responseA, templateId: templateA, recipients: [contact.noMail] }))
        ?.fields,
    ).toEqual({ recipients: 'errors.letters.notRecipient' });
    ({ letterId } = await ada.client.call<{ letterId: string }>('act/letterCreate', {
      responseId: responseA,
      templateId: templateA,
      recipients: [contact.pat, contact.reg],
      propose: true,
    }));
    let letter = await letterOf(ada, letterId);
    expect(letter).toMatchObject({
      state: 'PROPOSED',
      proposedBy: ada.id,
      proposedByName: 'Ada Lake',
      recipients: [contact.pat, contact.reg],
    });
    expect(letter.body).toContain('To Pat Okemaw, Rita Rules,');
    expect(refusal(await moveAs(ada, letterId, letter.u, 'letter.approve'))?.userMessage).toBe('transitionNotAllowed');
    expect(refusal(await moveAs(ada, letterId, letter.u, 'letter.sendBack'))?.userMessage).toBe('transitionNotAllowed');
    expect(refusal(await moveAs(abe, letterId, letter.u, 'letter.withdraw'))?.userMessage).toBe('transitionNotAllowed');
    expect(refusal(await moveAs(amy, letterId, letter.u, 'letter.approve'))?.userMessage).toBe('notAllowed');
    expect(refusal(await moveAs(ben, letterId, letter.u, 'letter.approve'))?.userMessage).toBe('notAllowed');
    expect(refusal(await moveAs(abe, letterId, letter.u, 'letter.send'))?.userMessage).toBe('transitionNotAllowed');
    expect(refusal(await moveAs(abe, letterId, letter.u - 1, 'letter.approve'))?.userMessage).toBe('staleUpdate');
    // Taken back, it is a draft again; proposed again, it is under review again.
    await ada.client.call('act/letterMove', { letterId, _u: letter.u, event: 'letter.withdraw' });
    letter = await letterOf(ada, letterId);
    expect(letter).toMatchObject({ state: 'DRAFT', proposedBy: null, proposedByName: null });
    await ada.client.call('act/letterMove', { letterId, _u: letter.u, event: 'letter.propose' });
    expect((await letterOf(ada, letterId)).state).toBe('PROPOSED');
    // Under review it is kept; a draft may be thrown away, by whoever writes the letters only.
    expect(refusal(await abe.client.request(`delete/${letterId}`, { _u: letter.u + 1 }))?.userMessage).toBe('notAllowed');
    const { letterId: draft } = await abe.client.call<{ letterId: string }>('act/letterCreate', {
      responseId: responseA,
      templateId: templateA,
    });
    const drafted = await letterOf(abe, draft);
    expect(drafted).toMatchObject({ state: 'DRAFT', proposedBy: null });
    expect(refusal(await amy.client.request(`delete/${draft}`, { _u: drafted.u }))?.userMessage).toBe('notAllowed');
    await abe.client.call(`delete/${draft}`, { _u: drafted.u });
    expect((await lettersOf(abe, responseA)).letters.map((l) => l.id)).toEqual([letterId]);
  });

  it('nobody moves or signs a letter by hand, administrators included', async () => {
    const item = await admin.client.call<Item>(`read/${letterId}`);
    expect(refusal(await admin.client.request('update', { $id: letterId, _u: item._u, state: 'APPROVED' }))?.userMessage).toBe(
      'notAllowed',
    );
    expect(refusal(await abe.client.request('update', { $id: letterId, _u: item._u, subject: 'Changed' }))?.userMessage).toBe('notAllowed');
    expect(
      refusal(
        await ada.client.request('create/ResponseLetter', {
          response: { id: responseA },
          owner: { id: org.a },
          subject: 'x',
          body: '<p>x</p>',
        }),
      )?.userMessage,
    ).toBe('notAllowed');
  });

  it('another person edits and sends it back with a note; proposed again, a second person approves it, and then it is frozen', async () => {
    let letter = await letterOf(abe, letterId);
    const edited = await abe.client.call<{ u: number }>('act/letterEdit', {
      letterId,
      _u: letter.u,
      body: `${letter.body}<p>P.S. Our Elders ask for a site visit.</p><script>alert(1)</script>`,
    });
    await abe.client.call('act/letterMove', { letterId, _u: edited.u, event: 'letter.sendBack', note: 'Please add the site visit.' });
    letter = await letterOf(ada, letterId);
    expect(letter).toMatchObject({ state: 'SENT_BACK', sentBackByName: 'Abe Lake', sentBackNote: 'Please add the site visit.' });
    expect(letter.body).toContain('<p>P.S. Our Elders ask for a site visit.</p>');
    expect(letter.body).not.toContain('script');
    await ada.client.call('act/letterMove', { letterId, _u: letter.u, event: 'letter.propose' });
    letter = await letterOf(ada, letterId);
    expect(letter).toMatchObject({ state: 'PROPOSED', sentBackNote: null, proposedByName: 'Ada Lake' });
    await abe.client.call('act/letterMove', { letterId, _u: letter.u, event: 'letter.approve' });
    letter = await letterOf(amy, letterId);
    expect(letter).toMatchObject({ state: 'APPROVED', approvedByName: 'Abe Lake', proposedByName: 'Ada Lake' });
    expect(letter.approvedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(refusal(await ada.client.request('act/letterEdit', { letterId, _u: letter.u, subject: 'Late change' }))?.fields).toEqual({
      body: 'errors.letters.notEditable',
    });
    const timeline = await ada.client.call<TimelineEvent[]>(`timeline/${responseA}`);
    expect(timeline.map((e) => e.kind).filter((k) => k.startsWith('letters.'))).toEqual(
      expect.arrayContaining(['letters.proposed', 'letters.withdrawn', 'letters.sentBack', 'letters.approved']),
    );
  });

  it('is sent once: mailed to its recipients with the letter as PDF and DOCX, and filed on the response', async () => {
    const letter = await letterOf(ada, letterId);
    const before = (await outbox()).length;
    const [first, second] = await Promise.all([
      moveAs(ada, letterId, letter.u, 'letter.send'),
      moveAs(abe, letterId, letter.u, 'letter.send'),
    ]);
    expect([first.erred, second.erred].filter(Boolean)).toHaveLength(1);
    expect(refusal(await moveAs(ada, letterId, letter.u + 1, 'letter.send'))?.userMessage).toBe('transitionNotAllowed');
    await until(async () => (await letterOf(ada, letterId)).delivery === 'MAILED', 'the letter mailed');
    const sent = await letterOf(ada, letterId);
    expect(sent.state).toBe('SENT');
    expect(sent.files.map((f) => f.originalName)).toEqual([
      'Lakeview-First-Nation-response-on-Transmission-line-9L40.pdf',
      'Lakeview-First-Nation-response-on-Transmission-line-9L40.docx',
    ]);
    const mails = (await outbox()).slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Lakeview First Nation: response on Transmission line 9L40');
    const to = (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((t) => t!.value.map((v) => v.address));
    expect(to).toEqual(['pat.okemaw@prairiepower.example', 'rita.rules@regulator.example']);
    expect(mail.text).toContain('Lakeview First Nation has reviewed the proposal of Prairie Power');
    const pdf = mail.attachments.find((f) => f.contentType === 'application/pdf')!;
    const docx = mail.attachments.find((f) => f.filename?.endsWith('.docx'))!;
    const pdfText = pdfPages(pdf.content).join('\n');
    expect(pdfText).toContain('Lakeview First Nation has reviewed the proposal of Prairie Power and will answer by');
    expect(pdfText).toContain('P.S. Our Elders ask for a site visit.');
    expect(pdfText).toContain('Page 1 of 1');
    const wordText = docxText(docx.content);
    expect(wordText).toContain('Re: Transmission line 9L40 (PP-2026-114)');
    expect(wordText).toContain('P.S. Our Elders ask for a site visit.');
    // Filed among the response's files, the very bytes that were mailed.
    const response = await ada.client.call<Item>(`read/${responseA}`);
    const filed = (response.attachments as { id: string; originalName: string }[]).filter((f) => sent.files.some((s) => s.id === f.id));
    expect(filed).toHaveLength(2);
    const download = await fetch(`${srv.url}/attachment/${sent.files[0]!.id}`, { headers: { Authorization: `Bearer ${ada.token}` } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf.content)).toBe(true);
    const other = await fetch(`${srv.url}/attachment/${sent.files[0]!.id}`, { headers: { Authorization: `Bearer ${ben.token}` } });
    expect(other.status).not.toBe(200);
    const timeline = await ada.client.call<TimelineEvent[]>(`timeline/${letterId}`);
    expect(timeline.filter((e) => e.kind === 'letters.mailed')).toHaveLength(1);
  });

  it('a mail that fails after the letter was filed is tried again, without filing or mailing twice', async () => {
    const { letterId: second } = await ada.client.call<{ letterId: string }>('act/letterCreate', {
      responseId: responseA,
      templateId: templateA,
      propose: true,
    });
    let letter = await letterOf(abe, second);
    await abe.client.call('act/letterMove', { letterId: second, _u: letter.u, event: 'letter.approve' });
    letter = await letterOf(abe, second);
    // The outbox cannot be written: the mail fails once the files are filed.
    const dir = join(srv.config.dataDir, 'outbox');
    const kept = `${dir}.kept`;
    if (existsSync(dir)) renameSync(dir, kept);
    writeFileSync(dir, 'not a folder');
    try {
      await abe.client.call('act/letterMove', { letterId: second, _u: letter.u, event: 'letter.send' });
      await until(async () => (await letterOf(ada, second)).delivery === 'RETRYING', 'the mail failed');
      expect((await letterOf(ada, second)).files).toHaveLength(2);
    } finally {
      rmSync(dir);
      if (existsSync(kept)) renameSync(kept, dir);
    }
    const before = (await outbox()).length;
    await until(async () => (await letterOf(ada, second)).delivery === 'MAILED', 'the mail sent on retry');
    const sent = await letterOf(ada, second);
    expect(sent.files).toHaveLength(2);
    expect((await outbox()).slice(before)).toHaveLength(1);
    const response = await ada.client.call<Item>(`read/${responseA}`);
    const names = (response.attachments as { originalName: string }[]).map((f) => f.originalName);
    expect(names.filter((n) => n.endsWith('.pdf'))).toHaveLength(2); // one per letter sent
    const timeline = await ada.client.call<TimelineEvent[]>(`timeline/${second}`);
    expect(timeline.filter((e) => e.kind === 'letters.mailed')).toHaveLength(1);
  }, 60_000);
});
