/**
 * The shared helper both sides run a state chart with: which transitions a caller may take now, where
 * one leads or why it is refused, and the checks that keep a chart in step with its property.
 */
import { setup } from 'xstate';
import {
  allowedTransitions,
  applyTransition,
  chartEvents,
  chartStates,
  checkStateChart,
  holdsInOwner,
  initialStateOf,
  stateChartTable,
  subjectOfItem,
  type StateCaller,
  type StateChartEvent,
  type StateSubject,
} from '../../../src/shared/items/stateCharts';
import type { Item, ItemTypeDef } from '../../../src/shared/items/types';
import { journalEntryStates } from '../../support/exampleModule/journalEntryStates';
import { JournalEntryType } from '../../support/exampleModule/model';

const caller = (userId: string, extra: Partial<StateCaller> = {}): StateCaller => ({
  userId,
  admin: false,
  capabilities: {},
  organizations: {},
  ...extra,
});
const author = caller('User-5');
const researcher = caller('User-6', { capabilities: { Research: true } });
const admin = caller('User-1', { admin: true });
const stranger = caller('User-7');
const entry: StateSubject = { createdBy: 'User-5', ownerOrg: null, data: { title: 'Geese' } };
const move = (state: string, type: string, who: StateCaller | null) =>
  applyTransition(journalEntryStates, state, { type, caller: who, item: entry });

describe('the transitions a caller may take now', () => {
  it('are those whose guard passes from the current state', () => {
    expect(allowedTransitions(journalEntryStates, 'DRAFT', author, entry)).toEqual(['entry.submit']);
    expect(allowedTransitions(journalEntryStates, 'SUBMITTED', author, entry)).toEqual(['entry.withdraw']);
    expect(allowedTransitions(journalEntryStates, 'SUBMITTED', researcher, entry)).toEqual(['entry.publish']);
    expect(allowedTransitions(journalEntryStates, 'SUBMITTED', admin, entry)).toEqual(['entry.publish']);
    // An administrator who wrote the entry may both publish and withdraw it.
    expect(allowedTransitions(journalEntryStates, 'SUBMITTED', { ...admin, userId: 'User-5' }, entry)).toEqual([
      'entry.publish',
      'entry.withdraw',
    ]);
  });

  it('are none for a stranger, for no one signed in, in a final state, or from a value the chart does not know', () => {
    expect(allowedTransitions(journalEntryStates, 'DRAFT', stranger, entry)).toEqual([]);
    expect(allowedTransitions(journalEntryStates, 'SUBMITTED', null, entry)).toEqual([]);
    expect(allowedTransitions(journalEntryStates, 'PUBLISHED', admin, entry)).toEqual([]);
    expect(allowedTransitions(journalEntryStates, 'ARCHIVED', admin, entry)).toEqual([]);
    expect(allowedTransitions(journalEntryStates, undefined, admin, entry)).toEqual([]);
  });
});

describe('taking a transition', () => {
  it('answers the state it leads to', () => {
    expect(move('DRAFT', 'entry.submit', author)).toEqual({ ok: true, to: 'SUBMITTED' });
    expect(move('SUBMITTED', 'entry.publish', researcher)).toEqual({ ok: true, to: 'PUBLISHED' });
    expect(move('SUBMITTED', 'entry.withdraw', author)).toEqual({ ok: true, to: 'WITHDRAWN' });
  });

  it('is refused from the wrong state, by the wrong caller, for an unknown event or state', () => {
    const refused = { ok: false, reason: 'transitionNotAllowed' };
    expect(move('DRAFT', 'entry.publish', admin)).toEqual(refused);
    expect(move('DRAFT', 'entry.submit', researcher)).toEqual(refused);
    expect(move('SUBMITTED', 'entry.publish', author)).toEqual(refused);
    expect(move('PUBLISHED', 'entry.withdraw', author)).toEqual(refused);
    expect(move('DRAFT', 'entry.burn', admin)).toEqual(refused);
    expect(move('LOST', 'entry.submit', author)).toEqual(refused);
  });
});

describe('what a chart says of itself', () => {
  it('names its states, its events and where a new item starts', () => {
    expect(chartStates(journalEntryStates)).toEqual(['DRAFT', 'SUBMITTED', 'PUBLISHED', 'WITHDRAWN']);
    expect(chartEvents(journalEntryStates)).toEqual(['entry.submit', 'entry.publish', 'entry.withdraw']);
    expect(initialStateOf(journalEntryStates)).toBe('DRAFT');
  });

  it('sees an item as the server presents it: its creator and its owner organisation', () => {
    const item = { $id: 'JournalEntry-3', _t: 'JournalEntry', _u: 2, _c: { ts: '', by: 'User-5' }, owner: { id: 'Organization-4' } };
    expect(subjectOfItem(item as unknown as Item)).toMatchObject({ createdBy: 'User-5', ownerOrg: 'Organization-4' });
    expect(subjectOfItem({ $id: 'X-1', _t: 'X', _u: 1 } as Item)).toMatchObject({ createdBy: null, ownerOrg: null });
    const member = caller('User-9', { organizations: { 'Organization-4': { write: true } } });
    const event: StateChartEvent = { type: 'x', caller: member, item: subjectOfItem(item as unknown as Item) };
    expect(holdsInOwner(event, 'write')).toBe(true);
    expect(holdsInOwner({ ...event, caller: researcher }, 'write')).toBe(false);
  });
});

describe('the checks of a chart against its property', () => {
  const def = { type: 'JournalEntry', property: 'state', chart: journalEntryStates };
  const withState = (state: ItemTypeDef['properties'][string]): ItemTypeDef => ({
    ...JournalEntryType,
    properties: { ...JournalEntryType.properties, state },
  });

  it('accept the example module', () => {
    expect(() => checkStateChart(def, JournalEntryType)).not.toThrow();
    expect(stateChartTable([def], () => JournalEntryType).get('JournalEntry')?.property).toBe('state');
  });

  it('refuse an unknown type or property, a property the browser may edit, options that differ, nested states, two charts', () => {
    expect(() => checkStateChart(def, undefined)).toThrow(/no module registers/);
    expect(() => checkStateChart({ ...def, property: 'phase' }, JournalEntryType)).toThrow(/does not declare/);
    expect(() => checkStateChart(def, withState({ kind: 'SEL', options: ['DRAFT'] }))).toThrow(/readOnly/);
    expect(() => checkStateChart(def, withState({ kind: 'textField', readOnly: true }))).toThrow(/single SEL/);
    expect(() => checkStateChart(def, withState({ kind: 'SEL', options: ['DRAFT', 'SUBMITTED'], readOnly: true }))).toThrow(
      /must be the property's options/,
    );
    const nested = setup({}).createMachine({ initial: 'A', states: { A: { initial: 'B', states: { B: {} } } } });
    expect(() => checkStateChart({ ...def, chart: nested }, withState({ kind: 'SEL', options: ['A'], readOnly: true }))).toThrow(
      /child states/,
    );
    expect(() => stateChartTable([def, { ...def, property: 'other' }], () => JournalEntryType)).toThrow(/two state charts/);
  });

  it('refuse a stamp on a property that is not a server-kept DTM, or on a move the chart never takes', () => {
    const stamped = { ...JournalEntryType, properties: { ...JournalEntryType.properties, submittedAt: { kind: 'DTM', readOnly: true } } };
    const stamp = (property: string, event = 'entry.submit', to = 'SUBMITTED') => ({ ...def, stamps: [{ event, to, property }] });
    expect(() => checkStateChart(stamp('submittedAt'), stamped as ItemTypeDef)).not.toThrow();
    expect(() => checkStateChart(stamp('title'), stamped as ItemTypeDef)).toThrow(/DTM property marked readOnly/);
    expect(() => checkStateChart(stamp('submittedAt', 'entry.fly'), stamped as ItemTypeDef)).toThrow(/never takes/);
    expect(() => checkStateChart(stamp('submittedAt', 'entry.submit', 'FLOWN'), stamped as ItemTypeDef)).toThrow(/never takes/);
  });
});
