/**
 * The related-items panel of an item's read screen (issue 16, "Related items"): an organisation lists
 * its people, communication logs and meetings by relation, with labels and counts; a list filters, opens
 * a row in the next column, follows pushes live, and offers "add one here" only to whom the server lets
 * create the type, opening the create form with the relation filled in.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getRouter } from '../../machines/systemIds';
import type { Frame } from '../../src/shared/protocol';
import type { SearchQuery } from '../../src/shared/search/SearchQuery';
import { cleanUpApps, renderApp, type AppHarness, type RenderOptions } from './support/renderApp';
import type { SeededItem } from './support/protocolServer';

configure({ asyncUtilTimeout: 5000 });
afterEach(cleanUpApps);

const ORG = 'Organization-1';
const base = (type: string, i: number, fields: Record<string, unknown>): SeededItem => ({
  $id: `${type}-${i}`,
  _t: type,
  _i: i,
  _u: 1,
  _c: { ts: '2026-01-05T10:00:00.000Z', by: null },
  $access: 'PROTECTED',
  $labels: {},
  ...fields,
});
const org = base('Organization', 1, {
  displayName: 'Lakeview First Nation',
  type: 'COMMUNITY',
  $labels: { [ORG]: 'Lakeview First Nation' },
});
const person = (i: number, first: string, last: string) =>
  base('Contact', i, { firstName: first, lastName: last, _related: [{ id: ORG }] });
const meeting = (i: number, summary: string, date: string, owner = ORG) =>
  base('Meeting', i, { summary, date, owner: { id: owner }, meetingTypes: ['BAND'] });

const LABEL: Record<string, (i: SeededItem) => string> = {
  Contact: (i) => `${String(i.firstName)} ${String(i.lastName)}`,
  Meeting: (i) => String(i.summary),
  CommLog: (i) => String(i.subject),
};

/** `search/ids` over the seeded items of the server: type, one relation (`ft-{prop}`) and free text, as the lists ask. */
function serveSearch(h: AppHarness, items: () => SeededItem[]): void {
  h.server.handlers.set('search/ids', (frame: Frame) => {
    const q = frame.b as SearchQuery;
    // The labels of given items (a prefilled create form asks them).
    if (q.ids) {
      const named = items().filter((i) => q.ids!.includes(i.$id));
      return {
        ids: named.map((i) => i.$id),
        labels: Object.fromEntries(named.map((i) => [i.$id, String(i.displayName)])),
        total: named.length,
        facets: {},
      };
    }
    const must = q.must as Record<string, string>;
    const [relKey, target] = Object.entries(must).find(([k]) => k.startsWith('ft-'))!;
    const prop = relKey.slice(3);
    const hits = items().filter((i) => {
      if (i._t !== must._) return false;
      const value = i[prop];
      const rels = (Array.isArray(value) ? value : [value]) as Array<{ id?: string } | undefined>;
      if (!rels.some((r) => r?.id === target)) return false;
      return !must.q || LABEL[String(i._t)]!(i).toLowerCase().includes(must.q.toLowerCase());
    });
    const shown = hits.slice(0, q.max ?? 50);
    return {
      ids: shown.map((i) => i.$id),
      labels: Object.fromEntries(shown.map((i) => [i.$id, LABEL[String(i._t)]!(i)])),
      total: hits.length,
      facets: {},
    };
  });
}

function open(items: SeededItem[], options: RenderOptions & { mayCreate?: boolean } = {}) {
  const h = renderApp({ signedIn: true, ...options, path: options.path ?? `/i-${ORG}` });
  h.server.seedItems(org, ...items);
  const store = () => [...(h.server as unknown as { items: Map<string, SeededItem> }).items.values()];
  serveSearch(h, store);
  h.server.handlers.set('act/isAllowed', (frame: Frame) => {
    const { id, actions } = frame.b as { id: string; actions: string[] };
    const may = id === 'Meeting-0' ? options.mayCreate === true : false;
    return { allowed: Object.fromEntries(actions.map((a) => [a, may])), applyGrants: false };
  });
  return h;
}

const region = (name: string) => screen.findByRole('region', { name });

describe('the related-items panel', () => {
  it('lists what points at an organisation, by relation, with labels, dates and counts', async () => {
    open([
      person(2, 'Ann', 'Smith'),
      person(3, 'Joe', 'Crow'),
      meeting(4, 'Band council', '2026-03-02'),
      meeting(5, 'Treaty day', '2026-02-01', 'Organization-9'),
    ]);
    const people = await region('People');
    expect(await within(people).findByRole('link', { name: 'Ann Smith' })).toHaveAttribute('href', '/i-Contact-2');
    expect(within(people).getByRole('link', { name: 'Joe Crow' })).toBeInTheDocument();
    expect(within(people).getByText('2 items')).toBeInTheDocument();
    expect(within(people).getByRole('heading', { level: 3, name: 'People 2 items' })).toBeInTheDocument();
    const meetings = await region('Meetings');
    expect(await within(meetings).findByRole('link', { name: 'Band council' })).toBeInTheDocument();
    // The date the type lists it by, as DD-MMM-YYYY; another organisation's meeting is not here.
    expect(within(meetings).getByText('02-Mar-2026')).toBeInTheDocument();
    expect(within(meetings).queryByText('Treaty day')).not.toBeInTheDocument();
    expect(await within(await region('Communication logs')).findByText('None yet')).toBeInTheDocument();
    expect(await within(await region('Meetings with others')).findByText('None yet')).toBeInTheDocument();
    // Never an id or a message key on the panel.
    const panel = screen.getByRole('region', { name: 'Related items' });
    expect(panel.textContent).not.toMatch(/Organization-1|Contact-2|types\.|app\.related/);
  });

  it('filters a long list, shows more on asking, and opens a row in the next column', async () => {
    const user = userEvent.setup();
    const people = Array.from({ length: 12 }, (_, n) => person(n + 2, `Person${n + 2}`, n % 2 ? 'Crow' : 'Smith'));
    const h = open(people);
    const list = await region('People');
    expect(await within(list).findAllByRole('link')).toHaveLength(10);
    expect(within(list).getByText('10 of 12 shown')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(12));
    await user.type(within(list).getByRole('searchbox', { name: 'Filter People' }), 'crow');
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(6));
    expect(within(list).getByText('6 items')).toBeInTheDocument();
    await user.clear(within(list).getByRole('searchbox', { name: 'Filter People' }));
    await user.type(within(list).getByRole('searchbox', { name: 'Filter People' }), 'nobody');
    expect(await within(list).findByText('None match “nobody”.')).toBeInTheDocument();
    await user.clear(within(list).getByRole('searchbox', { name: 'Filter People' }));
    await user.click(await within(list).findByRole('link', { name: 'Person2 Smith' }));
    await waitFor(() => expect(getRouter(h.session.system)?.getSnapshot().context.location?.path).toBe(`/i-${ORG}/i-Contact-2`));
  });

  it('follows pushes: a new item pointing here appears, one moved elsewhere leaves, without reload', async () => {
    const h = open([meeting(4, 'Band council', '2026-03-02')]);
    const meetings = await region('Meetings');
    expect(await within(meetings).findByRole('link', { name: 'Band council' })).toBeInTheDocument();
    const added = meeting(6, 'Youth gathering', '2026-04-10');
    h.server.seedItems(added);
    h.server.push({ o: 'item/update', b: added });
    expect(await within(meetings).findByRole('link', { name: 'Youth gathering' })).toBeInTheDocument();
    const moved = { ...meeting(4, 'Band council', '2026-03-02', 'Organization-9'), _u: 2 };
    h.server.seedItems(moved);
    h.server.push({ o: 'item/update', b: moved });
    await waitFor(() => expect(within(meetings).queryByRole('link', { name: 'Band council' })).not.toBeInTheDocument());
    expect(within(meetings).getByText('1 item')).toBeInTheDocument();
  });

  it('offers "add one here" only where the server allows creating the type', async () => {
    const h = open([], { mayCreate: true });
    const meetings = await region('Meetings');
    expect(await within(meetings).findByRole('button', { name: 'New meeting Meetings' })).toBeInTheDocument();
    const logs = await region('Communication logs');
    await waitFor(() =>
      expect(h.server.received.some((f) => f.o === 'act/isAllowed' && (f.b as { id: string }).id === 'CommLog-0')).toBe(true),
    );
    expect(within(logs).queryByRole('button', { name: /New/ })).not.toBeInTheDocument();
    expect(within(await region('People')).queryByRole('button', { name: /New/ })).not.toBeInTheDocument();
  });

  it('"add one here" opens the create form with the relation in its address and filled in with its label', async () => {
    const user = userEvent.setup();
    const h = open([], { user: { admin: true } });
    const meetings = await region('Meetings');
    await user.click(await within(meetings).findByRole('button', { name: 'New meeting Meetings' }));
    await waitFor(() =>
      expect(getRouter(h.session.system)?.getSnapshot().context.location).toMatchObject({
        path: `/i-${ORG}/i-Meeting-0`,
        search: 'c1.owner=Organization-1',
      }),
    );
    // The Owner field holds the organisation by its label (asked of the server), a reload keeping it.
    expect(await screen.findByRole('button', { name: 'Remove Lakeview First Nation' })).toBeInTheDocument();
    expect(screen.queryByText(ORG)).not.toBeInTheDocument();
    // Discarding a change goes back to the form as it was opened, the organisation still chosen.
    await user.type(screen.getByLabelText('Summary'), 'Elders');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(await screen.findByLabelText('Summary')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Remove Lakeview First Nation' })).toBeInTheDocument();
  });

  it("a contact's New communication log names the contact and, as its owner, the contact's one organisation", async () => {
    const user = userEvent.setup();
    const h = open([person(2, 'Ann', 'Smith')], { user: { admin: true }, path: '/i-Contact-2' });
    const logs = await region('Communication logs');
    await user.click(await within(logs).findByRole('button', { name: 'New communication log Communication logs' }));
    await waitFor(() =>
      expect(getRouter(h.session.system)?.getSnapshot().context.location).toMatchObject({
        path: '/i-Contact-2/i-CommLog-0',
        search: 'c1.contacts=Contact-2&c1.owner=Organization-1',
      }),
    );
  });
});
