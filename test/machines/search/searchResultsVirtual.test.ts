/**
 * Results of a virtual type over Attachments (the example journal's journalAttachment): the export
 * asks for the zip of the files the search finds, not a CSV, and opening a result opens the
 * Attachment it shows.
 */
import { assign, createMachine, type ActorRefFrom } from 'xstate';
import { searchResultsMachine } from '../../../machines/search/searchResultsMachine';
import { isAttachmentView } from '../../../machines/search/searchResultsQuery';
import { SystemId } from '../../../machines/systemIds';
import type { SearchQuery } from '../../../src/shared/search/SearchQuery';
import { settled, startInSession } from '../router/support/sessionFakes';

jest.mock('../../../src/modules', () => jest.requireActual('../../support/exampleModule/withJournal').modelsWithJournal());

// A router that records the columns it is asked to open.
const fakeRouter = createMachine({
  types: {} as { events: { type: 'router.opened'; fromKey: string; segment: string } },
  context: { opened: [] as string[] },
  on: { 'router.opened': { actions: assign(({ context, event }) => ({ opened: [...context.opened, event.segment] })) } },
});

function start() {
  const h = startInSession(searchResultsMachine, {
    systemId: 'results',
    input: { cellKey: 'v-journal.attachments', settings: { itemTypeName: 'journalAttachment' }, now: () => 0, tzOffset: 0 },
    signedIn: true,
    extra: { [SystemId.router]: fakeRouter },
  });
  const router = h.extra(SystemId.router) as ActorRefFrom<typeof fakeRouter>;
  return { ...h, opened: () => router.getSnapshot().context.opened };
}

describe('results of a virtual type over Attachments', () => {
  it('knows such a type, and only such a type', () => {
    expect(isAttachmentView('journalAttachment')).toBe(true);
    expect(isAttachmentView('Attachment')).toBe(false);
    expect(isAttachmentView('JournalEntry')).toBe(false);
    expect(isAttachmentView(null)).toBe(false);
  });

  it('exports the zip of the files found, with the search as its query', async () => {
    const t = start();
    t.subject.send({ type: 'results.exportRequested' });
    await settled();
    expect(t.sent().some((f) => f.o === 'act/csvExport/async')).toBe(false);
    const frame = t.sent().find((f) => f.o === 'act/exportAttachments/async')!;
    const { query } = frame.b as { query: SearchQuery };
    expect(query.must).toEqual([{ prop: '', kind: '_', value: 'journalAttachment' }]);
    expect(query.facets).toBeUndefined();
  });

  it('opens the Attachment a result shows', async () => {
    const t = start();
    t.subject.send({ type: 'results.opened', id: 'journalAttachment-7' });
    await settled();
    expect(t.opened()).toEqual(['i-Attachment-7']);
  });
});
