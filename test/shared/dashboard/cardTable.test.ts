import { format, subDays } from 'date-fns';
import type { CardDef } from '../../../src/shared/dashboard/CardDef';
import { cardQuery, isMonth, monthDays } from '../../../src/shared/dashboard/cardQuery';
import { cardsFor, cardTable } from '../../../src/shared/dashboard/cardTable';
import type { ItemTypeDef } from '../../../src/shared/items/types';
import type { NavUser } from '../../../src/shared/modules/ModuleModel';
import { READER_CONTACT } from '../../../src/shared/search/readerContact';

const Entry: ItemTypeDef = {
  name: 'JournalEntry',
  defaultIcon: 'book',
  defaultAccess: 'PRIVATE',
  properties: {
    title: { kind: 'textField' },
    date: { kind: 'DT' },
    author: { kind: 'REL', relTypes: ['Contact'] },
    place: { kind: 'REL', relTypes: ['Organization'] },
  },
  label: () => '',
};
const typeOf = (name: string) => (name === 'JournalEntry' ? Entry : undefined);
const recent: CardDef = { key: 'journal.recent', title: 'dashboard.journal.recent', size: 'THIRD', kind: 'list', type: 'JournalEntry' };
const calendar: CardDef = {
  key: 'journal.calendar',
  title: 'dashboard.journal.calendar',
  size: 'TWO_THIRDS',
  kind: 'calendar',
  type: 'JournalEntry',
  dateProperty: 'date',
};
const user = (over: Partial<NavUser> = {}): NavUser => ({ admin: false, capabilities: {}, organizations: {}, ...over });

describe('card table', () => {
  it('keys every card with its module', () => {
    const table = cardTable([{ name: 'journal', cards: [recent, calendar] }, { name: 'orgs' }], typeOf);
    expect([...table.keys()]).toEqual(['journal.recent', 'journal.calendar']);
    expect(table.get('journal.calendar')?.owner).toBe('journal');
  });

  it('a key defined twice throws naming both modules (spec 001 §5), within one module too', () => {
    expect(() =>
      cardTable(
        [
          { name: 'journal', cards: [recent] },
          { name: 'research', cards: [{ ...calendar, key: 'journal.recent' }] },
        ],
        typeOf,
      ),
    ).toThrow('Dashboard card journal.recent is defined twice: by module journal and by module research');
    expect(() => cardTable([{ name: 'journal', cards: [recent, recent] }], typeOf)).toThrow(
      'Dashboard card journal.recent is defined twice: by module journal and by module journal',
    );
  });

  it('refuses a card the core cannot search or draw, naming it', () => {
    const refuse = (card: CardDef) => () => cardTable([{ name: 'journal', cards: [card] }], typeOf);
    expect(refuse({ ...recent, size: 'HALF' as 'THIRD' })).toThrow(
      'Dashboard card journal.recent of module journal: size HALF is not one of TWO_THIRDS, THIRD',
    );
    expect(refuse({ ...recent, kind: 'map' as 'list' })).toThrow('kind map is not one of list, calendar');
    expect(refuse({ ...recent, type: 'Nothing' })).toThrow('searches Nothing, which no module registers');
    expect(refuse({ ...calendar, dateProperty: 'title' })).toThrow('its dateProperty must name a date (DT) property of JournalEntry');
    expect(refuse({ ...calendar, dateProperty: undefined })).toThrow('dateProperty');
    expect(refuse({ ...recent, max: 51 })).toThrow('max must be a whole number from 1 to 50');
    expect(refuse({ ...recent, key: ' ' })).toThrow('Module journal declares a dashboard card without a key');
    expect(refuse({ ...recent, title: '' })).toThrow('has no title key');
    expect(refuse({ ...recent, anyOf: [{ pastDue: 'title' }] })).toThrow('its pastDue must name a date (DT) property of JournalEntry');
    expect(refuse({ ...recent, mine: 'place' })).toThrow('its mine must name a relation of JournalEntry to Contact');
    expect(refuse({ ...recent, mine: 'title' })).toThrow('its mine must name a relation of JournalEntry to Contact');
    expect(() =>
      cardTable([{ name: 'journal', cards: [{ ...recent, mine: 'author', anyOf: [{ pastDue: 'date' }] }] }], typeOf),
    ).not.toThrow();
  });

  it('shows a card by the rule of a menu entry: capability, admin only, own rule, the module switched off', () => {
    const sources = [
      {
        name: 'journal',
        cards: [
          recent,
          { ...calendar, capability: 'Research' },
          { ...recent, key: 'admins', adminOnly: true },
          { ...recent, key: 'members', show: (u: NavUser) => Object.keys(u.organizations).length > 0 },
        ],
      },
      { name: 'research', capability: 'Research', cards: [{ ...recent, key: 'research.topics' }] },
    ];
    const keys = (u: NavUser) => cardsFor(sources, u).map((c) => c.key);
    expect(keys(user())).toEqual(['journal.recent']);
    expect(keys(user({ capabilities: { Research: true } }))).toEqual(['journal.recent', 'journal.calendar', 'research.topics']);
    expect(keys(user({ organizations: { 'Organization-1': { read: true } } }))).toEqual(['journal.recent', 'members']);
    expect(keys(user({ admin: true }))).toEqual(['journal.recent', 'journal.calendar', 'admins', 'members', 'research.topics']);
  });
});

describe('card query', () => {
  it('a list card: its type and conditions, newest first unless it says, five unless it says', () => {
    expect(cardQuery({ ...recent, must: { 'fb-private': false }, mustNot: { 't-state': 'WITHDRAWN' } }, null)).toEqual({
      must: { 'fb-private': false, _: 'JournalEntry' },
      mustNot: { 't-state': 'WITHDRAWN' },
      labels: true,
      sort: [{ key: 'created', order: 'desc' }],
      max: 5,
    });
    expect(cardQuery({ ...recent, sort: [{ key: 'date', order: 'asc' }], max: 2 }, null)).toMatchObject({
      sort: [{ key: 'date', order: 'asc' }],
      max: 2,
    });
  });

  it("a card's own items: the reader's person record stands in the query, for the server to fill in", () => {
    expect(cardQuery({ ...recent, mine: 'author' }, null).must).toEqual({ _: 'JournalEntry', 'ft-author': READER_CONTACT });
  });

  it('a card of items matching any of several conditions: one group each, a past due date up to yesterday', () => {
    const yesterday = format(subDays(new Date(), 1), 'yyyy-MM-dd');
    const query = cardQuery(
      { ...recent, anyOf: [{ pastDue: 'date' }, { must: { 't-state': 'OPEN' }, mustNot: { 'fb-private': true } }] },
      null,
    );
    expect(query.subsShould).toEqual([
      { must: { 'dr-date': { from: null, to: yesterday } } },
      { must: { 't-state': 'OPEN' }, mustNot: { 'fb-private': true } },
    ]);
    expect(query.must).toEqual({ _: 'JournalEntry' });
  });

  it('a calendar card: the items dated in its month, earliest first', () => {
    expect(cardQuery(calendar, '2024-02')).toEqual({
      must: { _: 'JournalEntry', 'dr-date': { from: '2024-02-01', to: '2024-02-29' } },
      labels: true,
      sort: [{ key: 'date', order: 'asc' }],
      max: 500,
    });
    expect(monthDays('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(['2026-01', '2026-12', '2026-13', '2026-1', 'May'].map(isMonth)).toEqual([true, true, false, false, false]);
  });
});
