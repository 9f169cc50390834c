/** Events said as sentences (spec 001 §3, §8): registered descriptions, labels never ids, and the fallbacks. */
import { createIntl } from '@formatjs/intl';
import { format } from 'date-fns';
import { describeEvent, readableKind, type EventWords } from '../../../src/client/events/describeEvent';
import { en } from '../../../src/client/i18n/en';
import { CORE_EVENT_KINDS } from '../../../src/shared/events/coreEventKinds';
import { eventKindTable } from '../../../src/shared/events/eventKindTable';
import type { TimelineEvent } from '../../../src/shared/items/TimelineEvent';
import { journalModule } from '../../support/exampleModule/model';

const messages: Record<string, string> = { ...en, ...journalModule.labels };
const intl = createIntl({ locale: 'en', messages });
const words: EventWords = { t: (key, values) => intl.formatMessage({ id: key }, values), has: (key) => Object.hasOwn(messages, key) };
const kinds = eventKindTable([{ name: 'core', eventKinds: CORE_EVENT_KINDS }, journalModule]);

const TS = '2026-04-22T09:05:00.000Z';
const shown = format(new Date(TS), 'dd-MMM-yyyy HH:mm');
const event = (over: Partial<TimelineEvent>): TimelineEvent => ({
  kind: 'updated',
  u: 2,
  ts: TS,
  by: 'User-2',
  masquerader: null,
  changed: [],
  context: 'JournalEntry-1',
  ...over,
});
const labels = { 'JournalEntry-1': 'Geese on the lake', 'JournalEntry-2': 'Swans', 'User-2': 'Rita Author' };

describe('describeEvent', () => {
  it("says a core kind with who, what and when in the spec's date format", () => {
    expect(describeEvent(event({}), kinds, labels, words)).toBe(`Rita Author changed Geese on the lake on ${shown}`);
    expect(describeEvent(event({ kind: 'created', by: null }), kinds, labels, words)).toBe(
      `The system created Geese on the lake on ${shown}`,
    );
  });

  it("says a module's transition with its states by their labels", () => {
    const submit = event({ kind: 'state.entry.submit', from: 'DRAFT', to: 'SUBMITTED' });
    expect(describeEvent(submit, kinds, labels, words)).toBe(
      `Rita Author submitted Geese on the lake for review (Draft → Submitted) on ${shown}`,
    );
  });

  it('says the other items an event concerns by their labels, and one the reader may not read generically, never by its id', () => {
    const linked = event({ kind: 'journal.linked', also: ['JournalEntry-2', 'JournalEntry-9'] });
    const text = describeEvent(linked, kinds, labels, words);
    expect(text).toBe(`Rita Author linked Geese on the lake to Swans, an item on ${shown}`);
    expect(text).not.toContain('JournalEntry-9');
    expect(describeEvent(event({ by: 'User-7' }), kinds, labels, words)).toBe(`Someone changed Geese on the lake on ${shown}`);
  });

  it('falls back for a kept CKK1_ kind with the kind made readable', () => {
    const kept = event({ kind: 'CKK1_MEETING_SCHEDULED' });
    expect(describeEvent(kept, kinds, labels, words)).toBe(`Rita Author: meeting scheduled (Geese on the lake, ${shown})`);
    expect(readableKind('CKK1_STEP_ASSIGNED')).toBe('step assigned');
  });

  it('says an unregistered transition by its states, and any other unknown kind as a change', () => {
    const moved = event({ kind: 'state.entry.archive', from: 'PUBLISHED', to: 'ON_SHELF' });
    expect(describeEvent(moved, kinds, labels, words)).toBe(`Rita Author moved Geese on the lake from Published to on shelf on ${shown}`);
    expect(describeEvent(event({ kind: 'orgs.somethingNew' }), kinds, labels, words)).toBe(
      `Rita Author changed Geese on the lake on ${shown}`,
    );
  });

  it('never shows a raw key when a registered description has no message', () => {
    const bare = eventKindTable([{ name: 'm', eventKinds: [{ kind: 'm.done', description: 'events.m.done' }] }]);
    expect(describeEvent(event({ kind: 'm.done' }), bare, labels, words)).toBe(`Rita Author changed Geese on the lake on ${shown}`);
  });
});
