import { lovMachine, lovStatus, lovValues } from '../../../machines/item/lovMachine';
import { settled, startInSession } from '../router/support/sessionFakes';

function start() {
  const h = startInSession(lovMachine, { systemId: 'lov-test', input: { locale: 'en' } });
  /** Answers a request (by default the last), then lets its operation actor settle. */
  const answer = async (b: unknown, options?: { index?: number; erred?: boolean }): Promise<void> => {
    h.reply(b, options);
    await settled();
  };
  return { ...h, answer };
}

describe('lovMachine', () => {
  test('asks each list once through act/lov with archived values, and answers the site and owner values', async () => {
    const h = start();
    h.subject.send({ type: 'lov.requested', list: 'ORG_COMMLOG_TYPES' });
    h.subject.send({ type: 'lov.requested', list: 'ORG_COMMLOG_TYPES' });
    expect(h.sent()).toEqual([{ o: 'act/lov', b: { list: 'ORG_COMMLOG_TYPES', locale: 'en', includeArchived: true } }]);
    expect(lovStatus(h.subject.getSnapshot(), 'ORG_COMMLOG_TYPES')).toBe('loading');
    await h.answer({
      _: [{ id: 'LOVValue-1', key: 'LETTER', label: 'Letter', state: 'ACTIVE' }],
      'Organization-1': [{ id: 'LOVValue-2', key: 'PHONE', label: 'Phone', state: 'ACTIVE' }],
      'Organization-2': [{ id: 'LOVValue-3', key: 'FAX', label: 'Fax', state: 'ACTIVE' }],
    });
    expect(lovValues(h.subject.getSnapshot(), 'ORG_COMMLOG_TYPES', 'Organization-1').map((v) => v.key)).toEqual(['LETTER', 'PHONE']);
    expect(lovValues(h.subject.getSnapshot(), 'ORG_COMMLOG_TYPES', null).map((v) => v.key)).toEqual(['LETTER']);
  });

  test("an owner's value with the key of a site value takes its place, in the owner's words", async () => {
    const h = start();
    h.subject.send({ type: 'lov.requested', list: 'ORG_MEETING_TYPES' });
    await h.answer({
      _: [
        { id: 'LOVValue-1', key: 'IN_PERSON', label: 'In person', state: 'ACTIVE' },
        { id: 'LOVValue-2', key: 'VIDEO', label: 'Video call', state: 'ACTIVE' },
      ],
      'Organization-1': [{ id: 'LOVValue-3', key: 'VIDEO', label: 'Zoom', state: 'ACTIVE' }],
    });
    const snapshot = h.subject.getSnapshot();
    expect(lovValues(snapshot, 'ORG_MEETING_TYPES', 'Organization-1').map((v) => v.label)).toEqual(['In person', 'Zoom']);
    expect(lovValues(snapshot, 'ORG_MEETING_TYPES', 'Organization-2').map((v) => v.label)).toEqual(['In person', 'Video call']);
  });

  test('a failed list is empty and may be asked again; a new locale forgets every list', async () => {
    const h = start();
    h.subject.send({ type: 'lov.requested', list: 'CNS_REGIONS' });
    await h.answer({ userMessage: 'generalFailure' }, { erred: true });
    expect(lovStatus(h.subject.getSnapshot(), 'CNS_REGIONS')).toBe('failed');
    expect(lovValues(h.subject.getSnapshot(), 'CNS_REGIONS', null)).toEqual([]);
    h.subject.send({ type: 'lov.retryRequested', list: 'CNS_REGIONS' });
    await h.answer({ _: [] });
    expect(lovStatus(h.subject.getSnapshot(), 'CNS_REGIONS')).toBe('ready');
    h.subject.send({ type: 'lov.localeChanged', locale: 'fr' });
    expect(lovStatus(h.subject.getSnapshot(), 'CNS_REGIONS')).toBe('unknown');
    h.subject.send({ type: 'lov.requested', list: 'CNS_REGIONS' });
    expect(h.sent().at(-1)).toEqual({ o: 'act/lov', b: { list: 'CNS_REGIONS', locale: 'fr', includeArchived: true } });
    // A late answer for the old locale is not taken.
    await h.answer({ _: [{ id: 'LOVValue-9', key: 'OLD', label: 'Old' }] }, { index: 1 });
    expect(lovStatus(h.subject.getSnapshot(), 'CNS_REGIONS')).toBe('loading');
  });

  test('asks several lists at once, each its own request, and takes each answer for its list', async () => {
    const h = start();
    h.subject.send({ type: 'lov.requested', list: 'CNS_REGIONS' });
    h.subject.send({ type: 'lov.requested', list: 'ORG_COMMLOG_TYPES' });
    expect(Object.keys(h.subject.getSnapshot().children).filter((id) => id.startsWith('list.'))).toEqual([
      'list.CNS_REGIONS',
      'list.ORG_COMMLOG_TYPES',
    ]);
    await h.answer({ _: [{ id: 'LOVValue-1', key: 'LETTER', label: 'Letter', state: 'ACTIVE' }] }, { index: 1 });
    expect(lovStatus(h.subject.getSnapshot(), 'ORG_COMMLOG_TYPES')).toBe('ready');
    expect(lovStatus(h.subject.getSnapshot(), 'CNS_REGIONS')).toBe('loading');
    await h.answer({ userMessage: 'generalFailure' }, { index: 0, erred: true });
    expect(lovStatus(h.subject.getSnapshot(), 'CNS_REGIONS')).toBe('failed');
    // Answered, the requests leave the children.
    expect(Object.keys(h.subject.getSnapshot().children).filter((id) => id.startsWith('list.'))).toEqual([]);
  });

  test('drops every list when auth drops the item caches, and takes no late answer asked before the drop', async () => {
    const h = start();
    h.subject.send({ type: 'lov.requested', list: 'ORG_COMMLOG_TYPES' });
    await h.answer({ 'Organization-1': [{ id: 'LOVValue-2', key: 'PHONE', label: 'Phone', state: 'ACTIVE' }] });
    h.subject.send({ type: 'lov.requested', list: 'CNS_REGIONS' });
    h.auth.send({ type: 'fake.cachesDropped' });
    expect(lovValues(h.subject.getSnapshot(), 'ORG_COMMLOG_TYPES', 'Organization-1')).toEqual([]);
    expect(lovStatus(h.subject.getSnapshot(), 'ORG_COMMLOG_TYPES')).toBe('unknown');
    expect(lovStatus(h.subject.getSnapshot(), 'CNS_REGIONS')).toBe('unknown');
    // The previous user's answer arrives late: not kept.
    await h.answer({ _: [{ id: 'LOVValue-9', key: 'THEIRS', label: 'Theirs', state: 'ACTIVE' }] }, { index: 1 });
    expect(lovStatus(h.subject.getSnapshot(), 'CNS_REGIONS')).toBe('unknown');
    // The next user asks afresh.
    h.subject.send({ type: 'lov.requested', list: 'ORG_COMMLOG_TYPES' });
    expect(h.sent()).toHaveLength(3);
    expect(lovStatus(h.subject.getSnapshot(), 'ORG_COMMLOG_TYPES')).toBe('loading');
  });
});
