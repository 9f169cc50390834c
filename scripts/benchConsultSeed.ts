/**
 * The consultation benchmark's data (issue 14): 20,000 consultations over eight years and 60,000
 * community responses, as a site of a few dozen communities and proponents would hold them after
 * years of referrals. Written in bulk (one INSERT per 2,000 rows), in the shape the item store
 * writes: relations as `{id}`, dates `YYYY-MM-DD`, the owner's organisation in `owner_org`; the
 * search text, related labels and links come from the table's own generated column and triggers,
 * as for every writer.
 */
import type { Database } from '../src/server/db/Database';
import { ORG_WRITE } from '../src/shared/capabilities';
import type { ItemData } from '../src/shared/items/types';
import type { Principal } from '../src/server/policy/Principal';
import { bulkWriter } from './benchSupport';
import { random, vocabulary, zipf } from './benchText';

/** The consultation module's capabilities (src/modules/consult/consultRules.ts, which core code does not import). */
const CONSULT_RESPOND = 'ConsultRespond';
/** The capability of responders who run their community's response workflows (the workflow cards are theirs). */
const RESPONDER_WORKFLOW = 'ResponderWorkflow';
/** The responder's own person record: the workflow steps assigned to it are the "mine" card's. */
const RESPONDER_CONTACT = 'Contact-1';
/** A workflow's steps as a community's template makes them (titles people would write). */
const WORKFLOW_STEPS: readonly { kind: string; label: string }[] = [
  { kind: 'RWF_ASSIGN', label: 'Assign a responder' },
  { kind: 'RWF_SIMPLE', label: 'Read the proposal and the maps' },
  { kind: 'RWF_MEETING', label: 'Meet the proponent' },
  { kind: 'RWF_OUTCOME', label: 'Decide the outcome' },
];
const CONSULT_SUBMIT = 'ConsultSubmit';

/**
 * The moment the data is seeded as of, and the searches run as of: now, since the dashboard's cards
 * reckon "overdue" and "this month" by the clock (the same data relative to today on every run).
 */
export const CONSULT_NOW = new Date();
const DAY = 86_400_000;
const YEARS = 8;

const COMMUNITIES = 30;
const PROPONENTS = 24;
const CONTACTS_PER_ORG = 40;

const REGIONS = ['NORTH', 'SOUTH', 'EAST', 'WEST', 'COASTAL'];
const STREAMS = ['NOTIFICATION', 'NORMAL', 'NORMAL', 'NORMAL', 'DEEP', 'EXPEDITED'];
const PROJECT_TYPES: Readonly<Record<string, readonly string[]>> = {
  FORESTRY: ['harvest plan', 'cutblock', 'salvage logging', 'forest road'],
  MINING: ['exploration drilling', 'open pit expansion', 'tailings facility', 'gravel pit'],
  OIL_GAS: ['well pad', 'pipeline lateral', 'seismic program', 'compressor station'],
  ENERGY: ['transmission line', 'wind farm', 'solar array', 'substation'],
  TRANSPORT: ['winter road', 'bridge replacement', 'highway twinning', 'airstrip'],
  WATER: ['water licence', 'dam safety works', 'culvert upgrade', 'shoreline works'],
  LAND_USE: ['land use plan', 'subdivision', 'park boundary', 'crown land sale'],
  TOURISM: ['lodge expansion', 'trail network', 'outfitter licence', 'campground'],
};
const TYPES = Object.keys(PROJECT_TYPES);

/** The bench's organisations, users and the four people whose searches are measured. */
export interface ConsultSite {
  consultations: number;
  responses: number;
  /** PENDING responses whose anticipated date has passed. */
  overdue: number;
  /** The community whose member searches, and the proponent organisation whose writer does. */
  community: string;
  proponentOrg: string;
  users: { admin: Principal; responder: Principal; member: Principal; proponent: Principal };
}

const principal = (userId: string, rights: Partial<Principal>): Principal => ({
  userId,
  admin: false,
  capabilities: {},
  orgs: {},
  tokenHash: null,
  masquerader: null,
  ...rights,
});

/** Picks by weight: `[value, weight][]`. */
const weighted =
  (rand: () => number) =>
  <T>(choices: ReadonlyArray<readonly [T, number]>): T => {
    const total = choices.reduce((s, [, w]) => s + w, 0);
    let x = rand() * total;
    for (const [v, w] of choices) if ((x -= w) < 0) return v;
    return choices[choices.length - 1]![0];
  };

/** A consultation's state by its age: recent ones still moving, old ones mostly closed. */
function stateFor(ageDays: number, pick: ReturnType<typeof weighted>): string {
  if (ageDays < 30)
    return pick([
      ['DRAFT', 20],
      ['INCOMPLETE', 8],
      ['SUBMITTED', 22],
      ['REVIEW', 15],
      ['CONSULTING', 30],
      ['WITHDRAWN', 5],
    ]);
  if (ageDays < 180)
    return pick([
      ['CONSULTING', 55],
      ['RESPONDED', 25],
      ['CLOSED', 10],
      ['WITHDRAWN', 5],
      ['DRAFT', 3],
      ['INCOMPLETE', 2],
    ]);
  return pick([
    ['CLOSED', 78],
    ['RESPONDED', 8],
    ['CONSULTING', 5],
    ['WITHDRAWN', 7],
    ['DRAFT', 1],
    ['INCOMPLETE', 1],
  ]);
}

const DISTRIBUTED = new Set(['CONSULTING', 'RESPONDED', 'CLOSED']);

/** Seeds the consultation site into an empty, migrated database; answers who searches it. */
export async function seedConsultations(db: Database, options: { consultations: number; responses: number }): Promise<ConsultSite> {
  const rand = random(14);
  const pick = weighted(rand);
  const one = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const word = zipf(vocabulary(rand), rand);
  const sentence = (min: number, max: number) => Array.from({ length: min + Math.floor(rand() * (max - min)) }, word).join(' ');
  const place = () => {
    const w = word();
    return w.charAt(0).toUpperCase() + w.slice(1);
  };
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const now = CONSULT_NOW.getTime();
  const w = bulkWriter(db);
  const long = now - 10 * 365 * DAY;

  // People who sign in: an administrator, the site's responder, a member of each community, a writer of each proponent.
  const users = 2 + COMMUNITIES + PROPONENTS;
  for (let n = 1; n <= users; n++)
    await w.add('User', n, { name: `Bench user ${n}`, email: `user${n}@bench.example` }, `Bench user ${n}`, 'PROTECTED', null, long, null);

  // Organisations: communities first (each at home in a region), then proponents (industry and government).
  const orgs: { id: string; region: string }[] = [];
  for (let n = 1; n <= COMMUNITIES + PROPONENTS; n++) {
    const community = n <= COMMUNITIES;
    const name = community
      ? `${place()} ${one(['Cree Nation', 'First Nation', 'Dene Nation', 'Métis Local', 'Band'])}`
      : `${place()} ${one(['Minerals Ltd.', 'Timber Co.', 'Power Corp.', 'Energy Inc.', 'Ministry of Lands', 'Highways Department'])}`;
    const type = community ? 'COMMUNITY' : name.includes('Minist') || name.includes('Department') ? 'GOVERNMENT' : 'INDUSTRY';
    orgs.push({
      id: await w.add('Organization', n, { displayName: name, type }, name, 'COMMUNITY', null, long, 'User-1'),
      region: REGIONS[n % 5]!,
    });
  }
  const communities = orgs.slice(0, COMMUNITIES);
  const proponents = orgs.slice(COMMUNITIES);
  // Each organisation's people: contact n belongs to organisation ((n - 1) % orgs) + 1.
  let contactIdx = 0;
  for (let k = 0; k < CONTACTS_PER_ORG; k++)
    for (const org of orgs) {
      const [first, last] = [place(), place()];
      await w.add(
        'Contact',
        ++contactIdx,
        { firstName: first, lastName: last, email: `${first.toLowerCase()}.${contactIdx}@example.org`, _related: [{ id: org.id }] },
        `${first} ${last}`,
        'COMMUNITY',
        null,
        long,
        'User-1',
      );
    }
  const contactOf = (orgIndex: number): string => `Contact-${orgIndex + 1 + orgs.length * Math.floor(rand() * CONTACTS_PER_ORG)}`;
  // A few proponents submit most referrals (a big miner, the forestry licensees, the ministry).
  const proponentIndex = zipf(
    proponents.map((_, i) => i),
    rand,
  );
  const regulators = proponents.filter((_, i) => i % 6 === 0);
  const communitiesOf = (region: string) => communities.map((c, i) => [c, i] as const).filter(([c]) => c.region === region);

  // Consultations, oldest first; then how many responses each distributed one gets (three on average).
  const made: { id: string; data: ItemData; created: number; communities: number[] }[] = [];
  for (let n = 1; n <= options.consultations; n++) {
    const created = now - Math.pow(rand(), 1.3) * YEARS * 365 * DAY;
    const ageDays = (now - created) / DAY;
    const p = proponentIndex();
    const owner = proponents[p]!.id;
    const type = one(TYPES);
    const region = pick(REGIONS.map((r, i) => [r, 5 - i] as const));
    const requested = created + (20 + rand() * 70) * DAY;
    const start = requested + (30 + rand() * 180) * DAY;
    const state = stateFor(ageDays, pick);
    const name = `${place()} ${place()} ${one(PROJECT_TYPES[type]!)}`;
    const data: ItemData = {
      owner: { id: owner },
      projectName: name,
      identifiers: `${type.slice(0, 2)}-${String(10_000 + n)}`,
      region,
      stream: one(STREAMS),
      projectType: type,
      primaryOrg: { id: owner },
      primaryContacts: [{ id: contactOf(COMMUNITIES + p) }],
      supOrgs: rand() < 0.6 ? [{ org: { id: one(regulators).id }, role: 'REGULATOR' }] : [],
      requestedResponseDate: day(requested),
      projectStartDt: day(start),
      projectEndDt: day(start + (90 + rand() * 1500) * DAY),
      projectDescription: `<p>${sentence(25, 90)}</p>`,
      locationDescription: `<p>${sentence(8, 30)}</p>`,
      areaOfNewCut: type === 'FORESTRY' ? Math.round(rand() * 400) : 0,
      state,
    };
    const chosen: number[] = [];
    if (DISTRIBUTED.has(state)) {
      data.distributed = new Date(created + (3 + rand() * 10) * DAY).toISOString();
      chosen.push(-1); // filled below, once every consultation's share is known
    }
    made.push({ id: `Consultation-${n}`, data, created, communities: chosen });
  }
  // Three responses each on average over the distributed ones, so that they come to `options.responses`.
  const distributed = made.filter((c) => c.communities.length);
  const counts = distributed.map(() => 3);
  let left = options.responses - 3 * distributed.length;
  while (left !== 0) {
    const i = Math.floor(rand() * counts.length);
    if (left > 0 && counts[i]! < 6) {
      counts[i]!++;
      left--;
    } else if (left < 0 && counts[i]! > 1) {
      counts[i]!--;
      left++;
    }
  }
  distributed.forEach((c, i) => {
    // Mostly the communities of the project's region, sometimes neighbours from elsewhere.
    const home = communitiesOf(String(c.data.region));
    const set = new Set<number>();
    while (set.size < counts[i]!) set.add(rand() < 0.75 ? one(home)[1] : Math.floor(rand() * COMMUNITIES));
    c.communities = [...set];
    c.data.communities = c.communities.map((k) => ({ id: communities[k]!.id }));
  });
  for (const c of made) {
    const idx = Number(c.id.slice('Consultation-'.length));
    const ownerOrg = (c.data.owner as { id: string }).id;
    const by = `User-${2 + COMMUNITIES + 1 + proponents.findIndex((o) => o.id === ownerOrg)}`;
    await w.add('Consultation', idx, c.data, String(c.data.projectName), 'PROTECTED', ownerOrg, c.created, by, c.created + 20 * DAY);
  }

  // Responses: each community's answer, its state by its consultation's.
  let r = 0;
  let overdue = 0;
  const today = day(now);
  for (const c of made) {
    const cState = String(c.data.state);
    for (const k of c.communities) {
      const community = communities[k]!;
      const state =
        cState === 'CONSULTING'
          ? pick([
              ['DRAFT', 25],
              ['PENDING', 45],
              ['RESPONDED', 20],
              ['NOT_SELECTED', 10],
            ])
          : pick([
              ['RESPONDED', 57],
              ['NOT_SELECTED', 20],
              ['NO_RESPONSE', 10],
              ['OFFLINE', 10],
              ['PENDING', 3],
            ]);
      const requested = Date.parse(String(c.data.requestedResponseDate));
      const anticipated = state === 'PENDING' || state === 'RESPONDED' ? day(requested + (rand() * 40 - 15) * DAY) : undefined;
      if (state === 'PENDING' && anticipated! < today) overdue++;
      // Most open responses run their community's workflow, at its first or a later step; a fifth of the
      // steps are the site responder's, and a step is due from two weeks ago to a month ahead.
      const workflow: ItemData = {};
      if ((state === 'DRAFT' || state === 'PENDING') && rand() < 0.6) {
        const at = Math.floor(rand() * (WORKFLOW_STEPS.length - 1));
        const assignee = rand() < 0.2 ? RESPONDER_CONTACT : contactOf(k);
        const due = day(now + Math.round(rand() * 45 - 14) * DAY);
        workflow['_wf.state'] = at === 0 ? 'INTAKE' : 'REVIEW';
        workflow['_wf.steps'] = WORKFLOW_STEPS.map((st, n) => ({
          id: `s${n + 1}`,
          ...st,
          state: n < at ? 'COMPLETE' : n === at ? 'ACTIVE' : 'BLANK',
          ...(n === at ? { assignee: { id: assignee }, due } : {}),
        }));
        workflow['_wf.$assigned'] = [{ id: assignee }];
        workflow['_wf.$assignedDue'] = due;
      }
      const data: ItemData = {
        ...workflow,
        consultation: { id: c.id },
        owner: { id: community.id },
        state,
        priority: c.data.stream === 'DEEP' ? 'HIGH' : one(['MEDIUM', 'MEDIUM', 'LOW', 'HIGH']),
        internalContacts: [{ id: contactOf(k) }],
        ...(anticipated ? { anticipatedResponse: anticipated } : {}),
        ...(state === 'RESPONDED'
          ? { outcome: one(['SUPPORT', 'SUPPORT_CONDITIONS', 'SUPPORT_CONDITIONS', 'OPPOSE', 'NO_POSITION']) }
          : {}),
        ...(rand() < 0.3 ? { notes: `<p>${sentence(10, 60)}</p>` } : {}),
        projectName: c.data.projectName,
        identifiers: c.data.identifiers,
        region: c.data.region,
        stream: c.data.stream,
        projectType: c.data.projectType,
        primaryOrg: c.data.primaryOrg,
        requestedResponseDate: c.data.requestedResponseDate,
        projectStartDt: c.data.projectStartDt,
        projectEndDt: c.data.projectEndDt,
        consultationState: cState,
      };
      const created = Date.parse(String(c.data.distributed));
      await w.add(
        'ConsultResponse',
        ++r,
        data,
        String(c.data.projectName),
        'PROTECTED',
        community.id,
        created,
        'User-2',
        created + 10 * DAY,
      );
    }
  }
  await w.flush();
  // As autovacuum would have by now: GIN pending lists merged, hint bits and visibility map set.
  // (PostgreSQL's own autovacuum, analysing the fresh rows meanwhile, can keep a vacuum from marking
  // the newest pages all-visible: vacuum again until it has, as the next autovacuum would.)
  await db.exec('VACUUM ANALYZE items');
  await db.exec('VACUUM ANALYZE item_links');
  for (let n = 0; n < 5; n++) {
    const vm = await db.query<{ pages: number; visible: number }>(
      `SELECT relpages AS pages, relallvisible AS visible FROM pg_class WHERE relname = 'items'`,
    );
    const { pages, visible } = vm.rows[0]!;
    if (Number(visible) >= Number(pages) * 0.99) break;
    await new Promise((r) => setTimeout(r, 1000));
    await db.exec('VACUUM items');
  }

  // The community with the most responses, and the proponent with the most consultations, search.
  const busiest = async (type: string) =>
    (
      await db.query<{ owner_org: string }>(
        `SELECT owner_org FROM items WHERE type = $1 GROUP BY owner_org ORDER BY count(*) DESC LIMIT 1`,
        [type],
      )
    ).rows[0]!.owner_org;
  const community = await busiest('ConsultResponse');
  const proponentOrg = await busiest('Consultation');
  const memberOf = 3 + communities.findIndex((o) => o.id === community);
  const writerOf = 3 + COMMUNITIES + proponents.findIndex((o) => o.id === proponentOrg);
  return {
    consultations: made.length,
    responses: r,
    overdue,
    community,
    proponentOrg,
    users: {
      admin: principal('User-1', { admin: true }),
      // The site's responder runs the workflows: the workflow cards are theirs (the member keeps the consultation's).
      responder: principal('User-2', {
        capabilities: { [CONSULT_RESPOND]: true, [RESPONDER_WORKFLOW]: true },
        contactId: RESPONDER_CONTACT,
      }),
      // A community's lands officer: writes for it and answers its referrals.
      member: principal(`User-${memberOf}`, { orgs: { [community]: { [ORG_WRITE]: true, [CONSULT_RESPOND]: true } } }),
      // A proponent's writer, holding the submit capability there and on the site (as the demo's proponent).
      proponent: principal(`User-${writerOf}`, {
        capabilities: { [CONSULT_SUBMIT]: true },
        orgs: { [proponentOrg]: { [ORG_WRITE]: true, [CONSULT_SUBMIT]: true } },
      }),
    },
  };
}
