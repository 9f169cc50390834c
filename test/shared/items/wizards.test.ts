/** A module's wizard declarations are checked against its types before anyone uses them. */
import type { ItemTypeDef } from '../../../src/shared/items/types';
import { wizardTable, type WizardDef } from '../../../src/shared/items/wizards';
import { itemWizards } from '../../../src/shared/itemWizards';
import { modules } from '../../../src/modules';

jest.mock('../../../src/modules', () => jest.requireActual('../../support/exampleModule/withJournal').modelsWithJournal());

const Entry: ItemTypeDef = {
  name: 'Entry',
  defaultIcon: 'book',
  defaultAccess: 'PRIVATE',
  properties: {
    title: { kind: 'textField', required: true },
    notes: { kind: 'HTM' },
    state: { kind: 'SEL', options: ['DRAFT'], readOnly: true },
  },
  label: () => '',
};
const typeOf = (name: string) => (name === 'Entry' ? Entry : undefined);
const wizard = (steps: WizardDef['steps'], type = 'Entry'): WizardDef => ({ type, steps });

describe('wizardTable', () => {
  it('answers each wizard by its type', () => {
    const def = wizard([
      { key: 'what', title: 'w.what', properties: ['title'] },
      { key: 'notes', title: 'w.notes', properties: ['notes'] },
    ]);
    expect(wizardTable([def], typeOf).get('Entry')).toBe(def);
  });

  it.each([
    [
      'a type no module registers',
      [wizard([{ key: 'a', title: 't', properties: ['title'] }], 'Nothing')],
      'names a type no module registers',
    ],
    ['no steps', [wizard([])], 'has no steps'],
    [
      'two steps of one key',
      [
        wizard([
          { key: 'a', title: 't', properties: ['title'] },
          { key: 'a', title: 't', properties: [] },
        ]),
      ],
      'two steps a',
    ],
    [
      'a property the type lacks',
      [wizard([{ key: 'a', title: 't', properties: ['title', 'colour'] }])],
      'names colour, which the type lacks',
    ],
    ['a property the server keeps', [wizard([{ key: 'a', title: 't', properties: ['title', 'state'] }])], 'which only the server sets'],
    [
      'a property shown twice',
      [
        wizard([
          { key: 'a', title: 't', properties: ['title'] },
          { key: 'b', title: 't', properties: ['title'] },
        ]),
      ],
      'shows title twice',
    ],
    [
      'a required property in no step',
      [wizard([{ key: 'a', title: 't', properties: ['notes'] }])],
      'shows title in no step, but it is required',
    ],
    [
      'two wizards of one type',
      [wizard([{ key: 'a', title: 't', properties: ['title'] }]), wizard([{ key: 'a', title: 't', properties: ['title'] }])],
      'Entry has two wizards',
    ],
  ])('refuses %s', (_what, defs, message) => {
    expect(() => wizardTable(defs, typeOf)).toThrow(message);
  });
});

describe('the registered wizards', () => {
  it('pass the checks, and every step title has a label in its module', () => {
    expect(itemWizards().has('JournalEntry')).toBe(true);
    const titles = modules.flatMap((m) =>
      (m.wizards ?? []).flatMap((def) => def.steps.map((step) => [m.name, step.title, m.labels[step.title]])),
    );
    expect(titles.length).toBeGreaterThan(0);
    for (const [module, title, label] of titles) expect([module, title, typeof label]).toEqual([module, title, 'string']);
  });

  it("note only properties a step shows, each by a labelled message (the consultation's intake, from nothing entered)", () => {
    const consult = modules.find((m) => m.name === 'consult')!;
    const def = consult.wizards!.find((w) => w.type === 'Consultation')!;
    const shown = new Set(def.steps.flatMap((s) => s.properties));
    const notes = def.notes!.of({});
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) {
      expect(shown.has(note.property)).toBe(true);
      expect(typeof (consult.labels[note.message] ?? undefined)).toBe('string');
    }
    for (const key of [def.notes!.title, def.notes!.none!({})!]) expect(typeof consult.labels[key]).toBe('string');
    // Once submitted, there is nothing left to note.
    expect(def.notes!.of({ state: 'SUBMITTED' })).toEqual([]);
    expect(def.notes!.none!({ state: 'SUBMITTED' })).toBeUndefined();
  });
});
