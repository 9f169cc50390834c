/**
 * The consultation module's demo data: a believable year of referrals on a fresh demo site. Several
 * proponents, a dozen consultations in every state, responses from two communities (some overdue),
 * a disposition, a territory and an agreement. States are reached by the charts' own transitions,
 * each written with its event, so timelines read as if people had taken them.
 */
import type { Queryable } from '../../server/db/Database';
import type { DemoSeed } from '../../server/modules/ModuleServer';
import { eventRecorder } from '../../server/store/eventRecorder';
import type { Author } from '../../server/store/ItemStore';
import { ITEMS_CHANNEL } from '../../server/store/ItemStore';
import { transitionKind } from '../../shared/events/EventKindDef';
import { applyTransition, type StateCaller } from '../../shared/items/stateCharts';
import type { AnyStateMachine } from 'xstate';
import type { ItemData } from '../../shared/items/types';
import { agreementStates } from '../../../machines/consult/agreementStates';
import { consultationStates } from '../../../machines/consult/consultationStates';
import { consultResponseStates } from '../../../machines/consult/consultResponseStates';
import { CONSULT_DISTRIBUTED } from './model';
import { demoAttachments, linkAttachments, simplePdf, sketchPng, type DemoFile } from './demoFiles';

const DAY = 86_400_000;
/** The calendar day `days` from today (UTC), as DT values are written. */
const day = (days: number): string => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/**
 * Takes `events` on the chart from the item's stored state, as an administrator would: each a new
 * version with its `state.<event>` event. Written in SQL because the demo runs inside the seeding
 * transaction, which `ItemStore.transition` (a transaction of its own) cannot join.
 */
async function walk(tx: Queryable, author: Author, chart: AnyStateMachine, id: string, events: readonly string[]): Promise<void> {
  const caller: StateCaller = { userId: author.userId ?? 'system', admin: true, capabilities: {}, organizations: {} };
  for (const event of events) {
    const row = (await tx.query<{ u: number; data: ItemData | string }>('SELECT u, data FROM items WHERE id = $1', [id])).rows[0]!;
    const data = typeof row.data === 'string' ? (JSON.parse(row.data) as ItemData) : row.data;
    const moved = applyTransition(chart, data.state, { type: event, caller, item: { createdBy: author.userId, ownerOrg: null, data } });
    if (!moved.ok) throw new Error(`Demo: ${event} is not allowed from ${String(data.state)} on ${id}`);
    const u = row.u + 1;
    const ts = new Date().toISOString();
    // As the chart's stamp does (model.ts): an accepted submission keeps its time.
    const stamp = event === 'consultation.submit' && moved.to === 'SUBMITTED' ? { submitted: ts } : {};
    await tx.query('UPDATE items SET data = $2, u = $3, updated_at = $4 WHERE id = $1', [
      id,
      JSON.stringify({ ...data, state: moved.to, ...stamp }),
      u,
      ts,
    ]);
    await eventRecorder.insert(
      tx,
      { kind: transitionKind(event), context: id, u, changed: ['state'], from: String(data.state), to: moved.to },
      author,
      ts,
    );
    await tx.query('SELECT pg_notify($1, $2)', [ITEMS_CHANNEL, JSON.stringify({ id, u, kind: 'updated' })]);
  }
}

/** The events that take a new consultation to each state. */
const PATH: Readonly<Record<string, readonly string[]>> = {
  DRAFT: [],
  INCOMPLETE: ['consultation.submit'],
  SUBMITTED: ['consultation.submit'],
  REVIEW: ['consultation.submit', 'consultation.assign'],
  CONSULTING: ['consultation.submit', 'consultation.assign', 'consultation.distribute'],
  RESPONDED: ['consultation.submit', 'consultation.assign', 'consultation.distribute', 'consultation.respond'],
  CLOSED: ['consultation.submit', 'consultation.assign', 'consultation.distribute', 'consultation.respond', 'consultation.close'],
  WITHDRAWN: ['consultation.submit', 'consultation.withdraw'],
};
const RESPONSE_PATH: Readonly<Record<string, readonly string[]>> = {
  DRAFT: [],
  PENDING: ['response.select'],
  NOT_SELECTED: ['response.decline'],
  RESPONDED: ['response.select', 'response.respond'],
  OFFLINE: ['response.offline'],
  NO_RESPONSE: ['response.select', 'response.noResponse'],
};

interface DemoConsultation {
  name: string;
  state: keyof typeof PATH;
  proponent: 'minerals' | 'timber' | 'power' | 'ministry';
  region: string;
  stream: string;
  projectType: string;
  /** Days from today the response is requested by, and the project starts. */
  due: number;
  starts: number;
  description: string;
  location: string;
  /** Per community: the response's state, and its anticipated response in days from today. */
  responses?: { lakeview?: [string, number]; redWillow?: [string, number] };
  /** The files the proponent attached. */
  files?: () => DemoFile[];
}

/** The proponent's letter about a project, as a one-page PDF. */
const letter = (name: string, what: string): DemoFile => ({
  name: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-letter.pdf`,
  bytes: simplePdf(`Request for consultation: ${name}`, [
    'To the Lands and Resources office,',
    '',
    what,
    "We ask for your community's views, concerns and any conditions before the requested response date.",
    'Maps and technical studies are attached to the consultation in the platform.',
  ]),
});

const CONSULTATIONS: DemoConsultation[] = [
  {
    name: 'Moose Lake exploration drilling',
    state: 'DRAFT',
    proponent: 'minerals',
    region: 'NORTH',
    stream: 'NORMAL',
    projectType: 'MINING',
    due: 60,
    starts: 120,
    description: 'Twelve diamond drill holes on the east shore claims.',
    location: 'East shore of Moose Lake, claims 4411 to 4418.',
  },
  {
    name: 'Cutblock 22 harvest plan',
    state: 'DRAFT',
    proponent: 'timber',
    region: 'WEST',
    stream: 'NORMAL',
    projectType: 'FORESTRY',
    due: 45,
    starts: 90,
    description: '',
    location: '',
  },
  {
    name: 'Winter road realignment',
    state: 'INCOMPLETE',
    proponent: 'ministry',
    region: 'NORTH',
    stream: 'EXPEDITED',
    projectType: 'TRANSPORT',
    due: 30,
    starts: 60,
    description: '',
    location: 'Kilometres 40 to 52 of the winter road.',
  },
  {
    name: 'Substation expansion at Birch Hills',
    state: 'SUBMITTED',
    proponent: 'power',
    region: 'SOUTH',
    stream: 'NORMAL',
    projectType: 'ENERGY',
    due: 40,
    starts: 150,
    description: 'A second transformer bay and a widened right of way.',
    location: 'Birch Hills substation, south of the reserve boundary.',
  },
  {
    name: 'Gravel pit licence renewal',
    state: 'SUBMITTED',
    proponent: 'ministry',
    region: 'EAST',
    stream: 'NOTIFICATION',
    projectType: 'LAND_USE',
    due: 20,
    starts: 30,
    description: 'Renewal of an existing aggregate licence, no new disturbance.',
    location: 'Pit 7 on the Cold Creek road.',
  },
  {
    name: 'Spruce River water licence',
    state: 'REVIEW',
    proponent: 'minerals',
    region: 'EAST',
    stream: 'DEEP',
    projectType: 'WATER',
    due: 35,
    starts: 100,
    description: 'Water withdrawal for the mill, up to 2,000 m³ a day.',
    location: 'Spruce River, 3 km above the falls.',
    files: () => [
      letter('Spruce River water licence', 'Northern Minerals asks to withdraw up to 2,000 cubic metres a day for the mill.'),
      {
        name: 'spruce-river-flows.csv',
        bytes: Buffer.from(
          'month,mean flow (m3/s),withdrawal share (%)\nJan,4.1,0.56\nFeb,3.8,0.61\nMar,4.4,0.53\nApr,12.9,0.18\nMay,31.2,0.07\nJun,22.5,0.10\n',
        ),
      },
    ],
  },
  {
    name: 'Transmission line 9L40',
    state: 'CONSULTING',
    proponent: 'power',
    region: 'SOUTH',
    stream: 'DEEP',
    projectType: 'ENERGY',
    due: 10,
    starts: 200,
    description: 'A 138 kV line across the south hunting grounds.',
    location: 'From Birch Hills to the Pine Creek station.',
    responses: { lakeview: ['PENDING', -6], redWillow: ['PENDING', 14] },
    files: () => [
      letter('Transmission line 9L40', 'Prairie Power proposes a 138 kV line across the south hunting grounds.'),
      { name: 'route-sketch.png', bytes: sketchPng() },
    ],
  },
  {
    name: 'Cutblocks 30 to 34',
    state: 'CONSULTING',
    proponent: 'timber',
    region: 'WEST',
    stream: 'NORMAL',
    projectType: 'FORESTRY',
    due: 5,
    starts: 60,
    description: 'Five cutblocks with two new spur roads.',
    location: 'West of Long Lake, along the trapline 7 boundary.',
    files: () => [letter('Cutblocks 30 to 34', 'Boreal Timber plans five cutblocks west of Long Lake with two new spur roads.')],
    responses: { lakeview: ['DRAFT', 0], redWillow: ['PENDING', -2] },
  },
  {
    name: 'Campground upgrade at Long Lake',
    state: 'CONSULTING',
    proponent: 'ministry',
    region: 'COASTAL',
    stream: 'NOTIFICATION',
    projectType: 'TOURISM',
    due: 25,
    starts: 45,
    description: 'Twenty new sites and a boat launch.',
    location: 'Long Lake provincial campground.',
    responses: { lakeview: ['NOT_SELECTED', 0] },
  },
  {
    name: 'Bulk sample at the Raven showing',
    state: 'RESPONDED',
    proponent: 'minerals',
    region: 'NORTH',
    stream: 'NORMAL',
    projectType: 'MINING',
    due: -20,
    starts: 30,
    description: 'A 10,000 tonne bulk sample.',
    location: 'Raven showing, north of Moose Lake.',
    responses: { lakeview: ['RESPONDED', -25], redWillow: ['OFFLINE', 0] },
  },
  {
    name: 'Highway 55 bridge replacement',
    state: 'CLOSED',
    proponent: 'ministry',
    region: 'SOUTH',
    stream: 'EXPEDITED',
    projectType: 'TRANSPORT',
    due: -90,
    starts: -30,
    description: 'Replacing the Spruce River bridge.',
    location: 'Highway 55 at the Spruce River.',
    responses: { lakeview: ['RESPONDED', -95], redWillow: ['NO_RESPONSE', -100] },
  },
  {
    name: 'Wind monitoring towers',
    state: 'WITHDRAWN',
    proponent: 'power',
    region: 'COASTAL',
    stream: 'NORMAL',
    projectType: 'ENERGY',
    due: -10,
    starts: 20,
    description: 'Three temporary met towers.',
    location: 'The coastal ridge.',
  },
];

/** Fills the demo site: called once, after the core's demo, in the seeding transaction. */
export async function consultDemo({ tx, items, accounts, adminId, organizations, storeFile }: DemoSeed): Promise<void> {
  const author: Author = { userId: adminId, masquerader: null };
  const opts = { admin: true, tx };
  const org = async (displayName: string, type: string, extra: ItemData = {}) =>
    (await items.create(author, 'Organization', { displayName, type, ...extra }, opts)).id;
  const person = async (firstName: string, lastName: string, email: string, orgId: string) =>
    (await items.create(author, 'Contact', { firstName, lastName, email, _related: [{ id: orgId }] }, opts)).id;

  const redWillow = await org('Red Willow Cree Nation', 'COMMUNITY', { website: 'https://redwillow.example.org' });
  const timber = await org('Boreal Timber Co.', 'INDUSTRY', { industry: 'Forestry' });
  const power = await org('Prairie Power Transmission', 'INDUSTRY', { industry: 'Electricity' });
  const proponents = { minerals: organizations.proponent, timber, power, ministry: organizations.regulator };
  const contacts = {
    minerals: await person('Dana', 'Okafor', 'dana.okafor@northern-minerals.example.com', organizations.proponent),
    timber: await person('Luc', 'Tremblay', 'luc.tremblay@borealtimber.example.com', timber),
    power: await person('Grace', 'Lindqvist', 'grace.lindqvist@prairiepower.example.com', power),
    ministry: await person('Omar', 'Haddad', 'omar.haddad@lands.example.gov', organizations.regulator),
  };
  const lakeviewContact = await person('Ruth', 'Cardinal', 'ruth.cardinal@lakeview.example.org', organizations.community);
  const redWillowContact = await person('Tom', 'Bighetty', 'tom.bighetty@redwillow.example.org', redWillow);
  const communities = { lakeview: [organizations.community, lakeviewContact], redWillow: [redWillow, redWillowContact] } as const;

  // Who uses the module, without passwords yet (an administrator invites them or acts as them): the
  // site's responder, a member of each community answering for it, and a proponent who submits.
  const helen = await person('Helen', 'Sinclair', 'helen.sinclair@referrals.example.org', organizations.community);
  const users: { name: string; email: string; contact: string; capabilities?: Record<string, boolean>; member?: [string, object] }[] = [
    { name: 'Helen Sinclair', email: 'helen.sinclair@referrals.example.org', contact: helen, capabilities: { ConsultRespond: true } },
    {
      name: 'Ruth Cardinal',
      email: 'ruth.cardinal@lakeview.example.org',
      contact: lakeviewContact,
      member: [organizations.community, { write: true, ConsultRespond: true }],
    },
    {
      name: 'Tom Bighetty',
      email: 'tom.bighetty@redwillow.example.org',
      contact: redWillowContact,
      member: [redWillow, { write: true, ConsultRespond: true }],
    },
    {
      name: 'Dana Okafor',
      email: 'dana.okafor@northern-minerals.example.com',
      contact: contacts.minerals,
      member: [organizations.proponent, { write: true, ConsultSubmit: true }],
    },
  ];
  for (const u of users) {
    const taken = await tx.query('SELECT 1 FROM accounts WHERE email = $1', [u.email]);
    if (taken.rowCount > 0) continue;
    const userId = await accounts.createUser(
      { name: u.name, email: u.email, contact: u.contact, ...(u.capabilities ? { capabilities: u.capabilities } : {}) },
      adminId,
      tx,
    );
    if (u.member)
      await tx.query('INSERT INTO memberships (user_id, org_id, capabilities) VALUES ($1, $2, $3)', [
        userId,
        u.member[0],
        JSON.stringify(u.member[1]),
      ]);
  }

  const byName = new Map<string, string>();
  for (const c of CONSULTATIONS) {
    const owner = proponents[c.proponent];
    const body: ItemData = {
      owner: { id: owner },
      projectName: c.name,
      region: c.region,
      stream: c.stream,
      projectType: c.projectType,
      primaryOrg: { id: owner },
      primaryContacts: [{ id: contacts[c.proponent] }],
      requestedResponseDate: day(c.due),
      projectStartDt: day(c.starts),
      projectEndDt: day(c.starts + 365),
      ...(c.description ? { projectDescription: `<p>${c.description}</p>` } : {}),
      ...(c.location ? { locationDescription: `<p>${c.location}</p>` } : {}),
      supOrgs: c.proponent === 'ministry' ? [] : [{ org: { id: organizations.regulator }, role: 'REGULATOR' }],
    };
    const attached = c.files ? await demoAttachments(items, author, tx, storeFile, c.files()) : [];
    if (attached.length > 0) body.attachments = attached;
    const made = await items.create(author, 'Consultation', body, opts);
    byName.set(c.name, made.id);
    await linkAttachments(tx, attached, 'Consultation', made.idx, 'attachments');
    const path = PATH[c.state]!;
    const beforeDistribution = path.indexOf('consultation.distribute');
    await walk(tx, author, consultationStates, made.id, beforeDistribution < 0 ? path : path.slice(0, beforeDistribution));
    if (beforeDistribution < 0) continue;
    // Distributed as act/consultDistribute does: the responses, the communities, the event, then on.
    const sent = Object.entries(c.responses ?? {}) as [keyof typeof communities, [string, number]][];
    const at = (await tx.query<{ u: number }>('SELECT u FROM items WHERE id = $1', [made.id])).rows[0]!.u;
    const distributed = new Date(Date.now() - 14 * DAY).toISOString();
    const listed = sent.map(([k]) => ({ id: communities[k][0] }));
    await items.update(author, { $id: made.id, _u: at, communities: listed, distributed }, () => undefined, opts);
    await walk(tx, author, consultationStates, made.id, path.slice(beforeDistribution));
    const data = (await tx.query<{ data: ItemData | string }>('SELECT data FROM items WHERE id = $1', [made.id])).rows[0]!.data;
    const now = typeof data === 'string' ? (JSON.parse(data) as ItemData) : data;
    const created: string[] = [];
    for (const [key, [state, anticipated]] of sent) {
      const [community, contact] = communities[key];
      const response = await items.create(
        author,
        'ConsultResponse',
        {
          consultation: { id: made.id },
          owner: { id: community },
          communityName: (await tx.query<{ label: string }>('SELECT label FROM items WHERE id = $1', [community])).rows[0]?.label,
          projectName: now.projectName,
          region: now.region,
          stream: now.stream,
          projectType: now.projectType,
          primaryOrg: now.primaryOrg,
          requestedResponseDate: now.requestedResponseDate,
          projectStartDt: now.projectStartDt,
          projectEndDt: now.projectEndDt,
          consultationState: now.state,
          internalContacts: [{ id: contact }],
          priority: c.stream === 'DEEP' ? 'HIGH' : 'MEDIUM',
          ...(state === 'PENDING' || state === 'RESPONDED' ? { anticipatedResponse: day(anticipated) } : {}),
          ...(state === 'RESPONDED' ? { outcome: 'SUPPORT_CONDITIONS' } : {}),
        },
        opts,
      );
      await walk(tx, author, consultResponseStates, response.id, RESPONSE_PATH[state]!);
      created.push(response.id);
    }
    if (created.length > 0) await items.appendEvent(tx, author, { kind: CONSULT_DISTRIBUTED, context: made.id, also: created });
  }

  // What the communities recorded about them: letters and calls, a site visit and a community meeting.
  const about = (name: string) => ({ id: byName.get(name)! });
  const logs = [
    ['Transmission line 9L40', organizations.community, 'Route maps received from Prairie Power', 'EMAIL', 'INCOMING', -12],
    ['Transmission line 9L40', organizations.community, 'Asked for the caribou study before the site visit', 'LETTER', 'OUTGOING', -9],
    ['Cutblocks 30 to 34', redWillow, 'Trapline holder called about the spur roads', 'PHONE', 'INCOMING', -4],
  ] as const;
  for (const [name, owner, subject, type, direction, days] of logs)
    await items.create(author, 'CommLog', { owner: { id: owner }, subject, date: day(days), type, direction, context: about(name) }, opts);
  const meetings = [
    ['Transmission line 9L40', organizations.community, 'Site visit along the proposed route', 'SITE_VISIT', 6, '09:00', '15:00'],
    [
      'Spruce River water licence',
      organizations.community,
      'Community meeting on the water licence',
      'COMMUNITY_MEETING',
      12,
      '18:30',
      '21:00',
    ],
    ['Cutblocks 30 to 34', redWillow, 'Harvest plan review with Boreal Timber', 'VIDEO', -3, '10:00', '11:30'],
  ] as const;
  for (const [name, owner, summary, kind, days, start, end] of meetings)
    await items.create(
      author,
      'Meeting',
      { owner: { id: owner }, summary, date: day(days), start, end, meetingTypes: [kind], context: about(name) },
      opts,
    );

  const permit = await items.create(
    author,
    'Disposition',
    { owner: { id: organizations.proponent }, title: 'Mineral exploration permit MX-2291', dispositionType: 'PERMIT', issued: day(-200) },
    opts,
  );
  // The claim blocks the permit covers, drawn on its screen.
  for (const [label, west, south] of [
    ['Claim block MX-2291-A', -106.7, 54.35],
    ['Claim block MX-2291-B', -106.55, 54.35],
  ] as const)
    await items.create(
      author,
      'DispositionFeature',
      {
        disposition: { id: permit.id },
        owner: { id: organizations.proponent },
        label,
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [west, south],
              [west + 0.12, south],
              [west + 0.12, south + 0.08],
              [west, south + 0.08],
              [west, south],
            ],
          ],
        },
      },
      opts,
    );
  await items.create(
    author,
    'ConsultCommunityTerritory',
    {
      owner: { id: organizations.community },
      label: 'Lakeview traditional territory',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-106.9, 54.1],
            [-106.2, 54.1],
            [-106.2, 54.6],
            [-106.9, 54.6],
            [-106.9, 54.1],
          ],
        ],
      },
    },
    opts,
  );
  const agreement = await items.create(
    author,
    'Agreement',
    {
      owner: { id: organizations.community },
      title: 'Consultation process agreement with Northern Minerals',
      kind: 'CONSULTATION_PROCESS',
      with: [{ id: organizations.proponent }],
      effective: day(-300),
      expires: day(700),
    },
    opts,
  );
  await walk(tx, author, agreementStates, agreement.id, ['agreement.activate']);
  // Its versions, as the change hook keeps them (the walk writes the move without the hooks).
  await tx.query(
    `INSERT INTO consult_agreement_versions (agreement_id, u, ts, by_user, data) SELECT id, u, updated_at, $2, data FROM items WHERE id = $1`,
    [agreement.id, adminId],
  );
}
