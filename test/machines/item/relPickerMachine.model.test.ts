import type { AnyMachineSnapshot } from 'xstate';
import { relPickerMachine, type RelPickerContext } from '../../../machines/item/relPickerMachine';
import { delayed, expectFullCoverage, exploreModel } from '../support/modelCoverage';

// What the guards read: the text (tickets), options, highlight, chosen ids, organisation and error.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const c = snapshot.context as RelPickerContext;
  return [
    JSON.stringify(snapshot.value),
    `text:${c.text}`,
    `options:${c.options.map((o) => o.id).join(',')}`,
    `hl:${c.highlighted}`,
    `chosen:${c.chosen.map((o) => o.id).join(',')}`,
    `org:${c.orgRule?.org ?? '-'}`,
    `error:${c.error ?? '-'}`,
  ].join('|');
};

const replied = (ticket: string, b: unknown) => ({ type: 'connection.replied', ticket, o: 'x', frame: { o: 'x', b } });

describe('relPickerMachine model (typing, search, blocked contacts, keyboard, organisation checks)', () => {
  it('replays a path through every state and every transition', () => {
    const report = exploreModel({
      name: 'relPicker',
      machine: relPickerMachine,
      variants: [
        {
          name: 'contacts of an organisation',
          input: () => ({
            name: 'contacts',
            relTypes: ['Contact'],
            multiple: true,
            selfId: null,
            value: [],
            labels: {},
            orgRule: { role: 'contacts' as const, org: null },
          }),
        },
        {
          name: 'required organisation',
          input: () => ({
            name: 'owner',
            relTypes: ['Organization'],
            multiple: false,
            selfId: 'Organization-1',
            value: { id: 'Organization-5' },
            labels: {},
            orgRule: { role: 'org' as const, org: null },
          }),
        },
      ],
      events: [
        { type: 'relPicker.typed', text: 'Mar' },
        { type: 'relPicker.typed', text: 'Ma' },
        { type: 'relPicker.typed', text: '' },
        delayed('typingPause', 'relPicker.waiting'),
        replied('search:Mar', { ids: ['Contact-2'], labels: { 'Contact-2': 'Mary' } }),
        replied('search:Mar', { ids: ['Organization-2'], labels: {} }),
        replied('blocked:Mar', { blocked: [] }),
        replied('verify:Organization-1', { 'Contact-2': { _related: [{ id: 'Organization-2' }] } }),
        { type: 'connection.failed', ticket: 'search:Mar', o: 'search/ids', failure: { kind: 'server', userMessage: 'generalFailure' } },
        { type: 'relPicker.keyPressed', key: 'ArrowDown' },
        { type: 'relPicker.keyPressed', key: 'Enter' },
        { type: 'relPicker.keyPressed', key: 'Escape' },
        { type: 'relPicker.keyPressed', key: 'Backspace' },
        { type: 'relPicker.highlighted', index: 0 },
        { type: 'relPicker.chosen', id: 'Contact-2' },
        { type: 'relPicker.chosen', id: 'Organization-2' },
        { type: 'relPicker.removed', id: 'Organization-5' },
        { type: 'relPicker.closed' },
        { type: 'relPicker.orgChanged', org: 'Organization-1' },
        { type: 'relPicker.orgChanged', org: null },
        { type: 'relPicker.valueSet', value: null, labels: {} },
      ],
      serializeState,
    });
    expectFullCoverage(report, 6);
  });
});
