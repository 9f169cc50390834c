/**
 * The consultation dashboard's searches (issue 14) for `npm run bench:search`: over 20,000
 * consultations and 60,000 responses (scripts/benchConsultSeed.ts), each query run as the person who
 * would run it, through the search service as the socket's `search/ids` calls it (the product's item
 * types, the modules' read rules installed as the server installs them, labels from the item store).
 * The queries: every dashboard card about consultations or responses (read from the registered card
 * table, so a new card joins by itself: the consultation module's, the workflow module's) for each
 * person who sees it, and the overdue responses: issue 14's goal is theirs. Then, with their figures
 * beside it but no goal of the issue's, the module's results views: the projects search, one
 * community's responses with their facets, and a month of the calendar.
 */
import { cpus, loadavg } from 'node:os';
import { modules } from '../src/modules';
import { moduleServers } from '../src/modules/server';
import type { Database } from '../src/server/db/Database';
import { installListRights, listRightRules } from '../src/server/policy/listRights';
import { installTypeRules } from '../src/server/policy/policy';
import type { Principal } from '../src/server/policy/Principal';
import { compileSearch } from '../src/server/search/compileSearch';
import { ensurePropertyIndexes } from '../src/server/search/propertyIndexes';
import { SearchFields } from '../src/server/search/SearchFields';
import { SearchService } from '../src/server/search/SearchService';
import { ItemStore } from '../src/server/store/ItemStore';
import { cardQuery, monthDays, monthOf } from '../src/shared/dashboard/cardQuery';
import { cardsFor } from '../src/shared/dashboard/cardTable';
import { itemTypes } from '../src/shared/itemTypes';
import type { SearchQuery } from '../src/shared/search';
import { DEFAULT_SETTINGS, resultsQuery } from '../machines/search/searchResultsQuery';
import { percentile } from './benchSupport';
import { CONSULT_NOW, seedConsultations, type ConsultSite } from './benchConsultSeed';

/** Issue 14's goals for the dashboard's queries: p95 in milliseconds. */
export const CONSULT_GOALS = { pglite: 100, postgres: 50 } as const;

type Who = keyof ConsultSite['users'];
const WHO: Readonly<Record<Who, string>> = {
  admin: 'administrator',
  responder: 'responder',
  member: 'community member',
  proponent: 'proponent',
};

/** One measured search: its name, who runs it, and the query. */
interface BenchQuery {
  name: string;
  who: Who;
  query: SearchQuery;
  /** A results view's search rather than a dashboard's: measured, but not held to the dashboard's goal. */
  view?: true;
}

/**
 * The server's start-up steps that searching depends on: the modules' read rules (for the process)
 * and, given a database, the indexes of the registered types' dates.
 */
export async function prepareConsultServer(db: Database | null): Promise<void> {
  const listRights = installListRights(modules, (name) => itemTypes.get(name), false);
  installTypeRules([...moduleServers, listRightRules(listRights)], (name) => itemTypes.get(name) !== undefined);
  if (db)
    await ensurePropertyIndexes(
      db,
      itemTypes.all(),
      modules.flatMap((m) => m.cards ?? []),
    );
}

/** The day before `now`, as DT values are written. */
const yesterday = (now: Date): string => new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);

/** Every query of the consultation dashboard, each as who runs it. */
export function consultQueries(site: ConsultSite): BenchQuery[] {
  const now = CONSULT_NOW;
  const month = monthOf(now);
  const queries: BenchQuery[] = [];
  // The cards each person's home shows, of the consultation module's.
  for (const who of Object.keys(WHO) as Who[]) {
    const p = site.users[who];
    const shown = cardsFor(modules, { admin: p.admin, capabilities: p.capabilities, organizations: p.orgs, siteOwner: null });
    for (const card of shown) {
      if (card.type !== 'Consultation' && card.type !== 'ConsultResponse') continue;
      queries.push({ name: `card ${card.key}${card.kind === 'calendar' ? ` (${month})` : ''}`, who, query: cardQuery(card, month) });
    }
  }
  const overdue: SearchQuery = {
    must: { _: 'ConsultResponse', 'ft-state': ['PENDING'], 'dr-anticipatedResponse': { from: null, to: yesterday(now) } },
    sort: [{ key: 'anticipatedResponse', order: 'asc' }],
    labels: true,
  };
  queries.push(
    { name: 'overdue responses', who: 'responder', query: overdue },
    { name: 'overdue responses', who: 'member', query: overdue },
  );
  // consult.projects: the results view of consultations by requested response date, every facet counted.
  const projects = resultsQuery(
    { ...DEFAULT_SETTINGS, itemTypeName: 'Consultation', sortBy: [{ key: 'requestedResponseDate', order: 'desc' }] },
    now,
    0,
  );
  for (const who of ['responder', 'member', 'proponent'] as const)
    queries.push({ name: 'consult.projects search', who, query: projects, view: true });
  // One community's responses, with the state facet (and the type's others): the responder narrows by community.
  const responses = (selected: Record<string, string[]>) =>
    resultsQuery({ ...DEFAULT_SETTINGS, itemTypeName: 'ConsultResponse', selectedFacets: selected }, now, 0);
  queries.push(
    { name: "one community's responses, facets", who: 'responder', query: responses({ owner: [site.community] }), view: true },
    { name: "one community's responses, facets", who: 'member', query: responses({}), view: true },
    { name: 'its PENDING responses, facets', who: 'member', query: responses({ state: ['PENDING'] }), view: true },
  );
  // A month of the calendar: consultations by requested response date.
  queries.push({
    name: `consultations due in ${month}`,
    who: 'responder',
    query: {
      must: { _: 'Consultation', 'dr-requestedResponseDate': monthDays(month) },
      sort: [{ key: 'requestedResponseDate', order: 'asc' }],
      labels: true,
      max: 500,
    },
    view: true,
  });
  return queries;
}

/** A measured query's figures. */
export interface ConsultFigure {
  /** A results view's search (no goal) rather than a dashboard's. */
  view: boolean;
  name: string;
  who: string;
  hits: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Seeds the site into `db` (migrated) and times every dashboard query `runs` times; prints a line per query. */
export async function benchConsult(
  db: Database,
  driver: 'pglite' | 'postgres',
  options: { consultations: number; responses: number; runs: number; explain: boolean; only?: string },
): Promise<ConsultFigure[]> {
  await prepareConsultServer(db);
  const t0 = performance.now();
  const site = await seedConsultations(db, options);
  const seeded = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(
    `${driver}: ${site.consultations.toLocaleString('en')} consultations and ${site.responses.toLocaleString('en')} responses ` +
      `(${site.overdue.toLocaleString('en')} overdue) seeded in ${seeded} s; ${options.runs} runs per query`,
  );
  const items = new ItemStore(db, itemTypes);
  const service = new SearchService(
    db,
    itemTypes,
    (caller, ids) => items.labels(caller, ids),
    // What a query asks that the server leaves out is said once, on the query's line.
    () => undefined,
    () => CONSULT_NOW,
  );
  const fields = new SearchFields(itemTypes);
  const goal = CONSULT_GOALS[driver];
  const figures: ConsultFigure[] = [];
  for (const q of consultQueries(site)) {
    if (options.only && !options.only.split('|').some((part) => `${q.name}, as ${WHO[q.who]}`.includes(part))) continue;
    const caller: Principal = site.users[q.who];
    for (let n = 0; n < 10; n++) await service.search(caller, q.query);
    const times: number[] = [];
    let hits = 0;
    let ignored: string[] = [];
    for (let n = 0; n < options.runs; n++) {
      const start = performance.now();
      const reply = await service.search(caller, q.query);
      times.push(performance.now() - start);
      hits = reply.total;
      ignored = reply.ignored ?? [];
    }
    times.sort((a, b) => a - b);
    const f = {
      view: q.view === true,
      name: q.name,
      who: WHO[q.who],
      hits,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
    };
    figures.push(f);
    console.log(
      `  ${`${f.name}, as ${f.who}`.padEnd(62)} ${String(f.hits).padStart(6)} hits  p50 ${f.p50.toFixed(1).padStart(6)}  ` +
        `p95 ${f.p95.toFixed(1).padStart(6)}  p99 ${f.p99.toFixed(1).padStart(6)} ms  ${f.view ? '(results view)' : f.p95 < goal ? 'met' : 'MISSED'}` +
        (ignored.length ? `  (left out: ${ignored.join('; ')})` : ''),
    );
    if (options.explain) {
      const c = compileSearch(q.query, { caller, fields, now: CONSULT_NOW });
      const plan = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${c.sql}`, c.params);
      console.log(c.sql, JSON.stringify(c.params), '\n', plan.rows.map((r) => Object.values(r)[0]).join('\n'));
    }
  }
  const dashboard = figures.filter((f) => !f.view);
  const missed = dashboard.filter((f) => f.p95 >= goal).length;
  console.log(
    `${driver}: ${dashboard.length} dashboard queries, goal p95 < ${goal} ms: ${missed ? `${missed} MISSED` : 'all met'}; ` +
      `${figures.length - dashboard.length} results views measured beside them; ` +
      `load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores${missed && !options.explain ? ' (--explain prints the plans)' : ''}`,
  );
  return figures;
}

/** Both drivers' p95 side by side, each beside its goal. */
export function printConsultSummary(byDriver: Partial<Record<'pglite' | 'postgres', ConsultFigure[]>>): void {
  const drivers = (['pglite', 'postgres'] as const).filter((d) => byDriver[d]);
  const first = byDriver[drivers[0]!] ?? [];
  console.log(`\n${'p95 in ms'.padEnd(70)}${drivers.map((d) => `${d} (< ${CONSULT_GOALS[d]})`.padStart(20)).join('')}`);
  first.forEach((f, n) => {
    const cells = drivers.map((d) => {
      const g = byDriver[d]![n]!;
      return `${g.p95.toFixed(1)} ${g.view ? '(view)' : g.p95 < CONSULT_GOALS[d] ? 'met' : 'MISSED'}`.padStart(20);
    });
    console.log(`${`${f.name}, as ${f.who}`.padEnd(70)}${cells.join('')}`);
  });
}
