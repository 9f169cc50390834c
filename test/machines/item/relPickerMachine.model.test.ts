import type { AnyMachineSnapshot } from 'xstate';
import { relPickerMachine, type RelPickerContext } from '../../../machines/item/relPickerMachine';
import { delayed, expectFullCoverage, exploreModel } from '../support/modelCoverage';

// What the guards read: the text, options, highlight, chosen ids, organisation and error.
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

// The request actors' answers, as their invoke (search, blocked) or spawn (verify) delivers them.
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failure = { kind: 'server', userMessage: 'generalFailure' };

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
        done('search', { ids: ['Contact-2'], labels: { 'Contact-2': 'Mary' } }),
        done('search', { ids: ['Organization-2'], labels: {} }),
        { type: 'xstate.error.actor.search', error: failure },
        done('blocked', { blocked: [] }),
        { type: 'xstate.error.actor.blocked', error: failure },
        done('verify', { 'Contact-2': { _related: [{ id: 'Organization-2' }] } }),
        { type: 'xstate.error.actor.verify', error: failure },
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
