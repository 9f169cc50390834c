/** The wizard's rules over the example journal's steps: step errors from the type's form rules, resuming, the read screen's address. */
import { CORE_VIEWS } from '../../../machines/router/views';
import { parseLocation } from '../../../machines/router/parseLocation';
import { firstInvalidStep, readScreenHref, startPosition, stepErrors } from '../../../machines/wizard/wizardSteps';
import { draftOfEntry, memoryWizardStore, wizardEntry } from '../../../machines/wizard/wizardStore';
import type * as ModelRegistry from '../../../src/modules';
import { journalModule } from '../../support/exampleModule/model';

jest.mock('../../../src/modules', () =>
  jest.requireActual<{ modelsWithJournal: () => typeof ModelRegistry }>('../../support/exampleModule/withJournal').modelsWithJournal(),
);

const def = journalModule.wizards![0]!;
const valid = { title: 'Geese', date: '2026-03-02' };

describe('stepErrors', () => {
  it("answers the type's own rule errors of the step's properties only", () => {
    expect(stepErrors(def, {}, 1, false)).toEqual({ title: 'errors.required', date: 'errors.required' });
    expect(stepErrors(def, { title: 'Geese', date: '2026-02-31' }, 1, false)).toEqual({ date: expect.any(String) });
    expect(stepErrors(def, {}, 2, false)).toEqual({});
    expect(stepErrors(def, { ...valid, notes: 'x'.repeat(20_001) }, 2, false)).toEqual({ notes: expect.any(String) });
    expect(stepErrors(def, valid, 1, false)).toEqual({});
  });

  it('finds the first step that does not pass in a range', () => {
    expect(firstInvalidStep(def, {}, 1, 4, false)).toBe(1);
    expect(firstInvalidStep(def, {}, 2, 4, false)).toBeNull();
    expect(firstInvalidStep(def, valid, 1, 4, false)).toBeNull();
  });
});

describe('startPosition', () => {
  it("takes the address's position when every step before it passes", () => {
    expect(startPosition(def, '2-3', valid, true, false)).toEqual({ current: 2, furthest: 3 });
    expect(startPosition(def, '3', valid, true, false)).toEqual({ current: 3, furthest: 3 });
  });

  it('stops at the first step that does not pass, keeping the furthest reached', () => {
    expect(startPosition(def, '3', {}, true, false)).toEqual({ current: 1, furthest: 3 });
  });

  it('clamps an address past the last step, and starts without one at step 1', () => {
    expect(startPosition(def, '7-9', valid, true, false)).toEqual({ current: 3, furthest: 3 });
    expect(startPosition(def, undefined, valid, true, false)).toEqual({ current: 1, furthest: 1 });
    expect(startPosition(def, 'nonsense', {}, true, false)).toEqual({ current: 1, furthest: 1 });
  });

  it('lets an existing item reach every step up to its first invalid one', () => {
    expect(startPosition(def, undefined, valid, false, false)).toEqual({ current: 1, furthest: 3 });
    expect(startPosition(def, undefined, {}, false, false)).toEqual({ current: 1, furthest: 1 });
  });
});

describe('readScreenHref', () => {
  it("puts the item's read screen in the wizard's column and drops only that column's position", () => {
    const location = parseLocation('/journal/i-JournalEntry-4-edit', '?c0=x&c1=2-3&lang=fr', { ...CORE_VIEWS, ...journalModule.views });
    expect(readScreenHref(location, 1, 'JournalEntry-4')).toBe('/journal/i-JournalEntry-4?c0=x&lang=fr');
  });
});

describe('the wizard store entry', () => {
  it('reads back what it wrote, and nothing of another version or unreadable', () => {
    const store = memoryWizardStore();
    store.write('k', wizardEntry(valid));
    expect(draftOfEntry(store.read('k'))).toEqual(valid);
    expect(draftOfEntry(JSON.stringify({ v: 2, draft: valid }))).toBeNull();
    expect(draftOfEntry('{not json')).toBeNull();
    expect(draftOfEntry(JSON.stringify({ v: 1, draft: [1] }))).toBeNull();
    expect(draftOfEntry(null)).toBeNull();
  });
});
