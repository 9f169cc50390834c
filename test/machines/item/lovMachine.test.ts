import { lovMachine, lovStatus, lovValues } from '../../../machines/item/lovMachine';
import { startInSession } from '../router/support/sessionFakes';

const start = () => startInSession(lovMachine, { systemId: 'lov-test', input: { locale: 'en' } });

describe('lovMachine', () => {
  test('asks each list once through act/lov with archived values, and answers the site and owner values', () => {
    const h = start();
    h.subject.send({ type: 'lov.requested', list: 'ORG_COMMLOG_TYPES' });
    h.subject.send({ type: 'lov.requested', list: 'ORG_COMMLOG_TYPES' });
    expect(h.sent()).toEqual([{ o: 'act/lov', b: { list: 'ORG_COMMLOG_TYPES', locale: 'en', includeArchived: true } }]);
    expect(lovStatus(h.subject.getSnapshot(), 'ORG_COMMLOG_TYPES')).toBe('loading');
    h.reply({
      _: [{ id: 'LOVValue-1', key: 'LETTER', label: 'Letter', state: 'ACTIVE' }],
      'Organization-1': [{ id: 'LOVValue-2', key: 'PHONE', label: 'Phone', state: 'ACTIVE' }],
      'Organization-2': [{ id: 'LOVValue-3', key: 'FAX', label: 'Fax', state: 'ACTIVE' }],
    });
    expect(lovValues(h.subject.getSnapshot(), 'ORG_COMMLOG_TYPES', 'Organization-1').map((v) => v.key)).toEqual(['LETTER', 'PHONE']);
    expect(lovValues(h.subject.getSnapshot(), 'ORG_COMMLOG_TYPES', null).map((v) => v.key)).toEqual(['LETTER']);
  });

  test('a failed list is empty and may be asked again; a new locale forgets every list', () => {
    const h = start();
    h.subject.send({ type: 'lov.requested', list: 'CNS_REGIONS' });
    h.reply({ userMessage: 'generalFailure' }, { erred: true });
    expect(lovStatus(h.subject.getSnapshot(), 'CNS_REGIONS')).toBe('failed');
    expect(lovValues(h.subject.getSnapshot(), 'CNS_REGIONS', null)).toEqual([]);
    h.subject.send({ type: 'lov.retryRequested', list: 'CNS_REGIONS' });
    h.reply({ _: [] });
    expect(lovStatus(h.subject.getSnapshot(), 'CNS_REGIONS')).toBe('ready');
    h.subject.send({ type: 'lov.localeChanged', locale: 'fr' });
    expect(lovStatus(h.subject.getSnapshot(), 'CNS_REGIONS')).toBe('unknown');
    h.subject.send({ type: 'lov.requested', list: 'CNS_REGIONS' });
    expect(h.sent().at(-1)).toEqual({ o: 'act/lov', b: { list: 'CNS_REGIONS', locale: 'fr', includeArchived: true } });
    // A late answer for the old locale is not taken.
    h.reply({ _: [{ id: 'LOVValue-9', key: 'OLD', label: 'Old' }] }, { index: 1 });
    expect(lovStatus(h.subject.getSnapshot(), 'CNS_REGIONS')).toBe('loading');
  });

  test('drops every list when auth drops the item caches, and takes no late answer asked before the drop', () => {
    const h = start();
    h.subject.send({ type: 'lov.requested', list: 'ORG_COMMLOG_TYPES' });
    h.reply({ 'Organization-1': [{ id: 'LOVValue-2', key: 'PHONE', label: 'Phone', state: 'ACTIVE' }] });
    h.subject.send({ type: 'lov.requested', list: 'CNS_REGIONS' });
    h.auth.send({ type: 'fake.cachesDropped' });
    expect(lovValues(h.subject.getSnapshot(), 'ORG_COMMLOG_TYPES', 'Organization-1')).toEqual([]);
    expect(lovStatus(h.subject.getSnapshot(), 'ORG_COMMLOG_TYPES')).toBe('unknown');
    expect(lovStatus(h.subject.getSnapshot(), 'CNS_REGIONS')).toBe('unknown');
    // The previous user's answer arrives late: not kept.
    h.reply({ _: [{ id: 'LOVValue-9', key: 'THEIRS', label: 'Theirs', state: 'ACTIVE' }] }, { index: 1 });
    expect(lovStatus(h.subject.getSnapshot(), 'CNS_REGIONS')).toBe('unknown');
    // The next user asks afresh.
    h.subject.send({ type: 'lov.requested', list: 'ORG_COMMLOG_TYPES' });
    expect(h.sent()).toHaveLength(3);
    expect(lovStatus(h.subject.getSnapshot(), 'ORG_COMMLOG_TYPES')).toBe('loading');
  });
});
