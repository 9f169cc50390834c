/**
 * States only the server changes (docs/modules.md "States only the server changes"): a module
 * declares, for one property of a type, an XState chart whose top-level state nodes are the values
 * and whose events are the transitions, each guarded by who may take it. The server runs it as the
 * authority in the write transaction; the browser runs the same chart to offer only what would pass.
 * Both evaluate it with these pure functions, never with a running actor.
 */
import { initialTransition, transition, type AnyStateMachine } from 'xstate';
import type { Item, ItemData, ItemTypeDef } from './types';

/** Who asks to take a transition, as both sides know them (the server's principal, the browser's session). */
export interface StateCaller {
  userId: string;
  admin: boolean;
  /** Capabilities held on the whole site. */
  capabilities: Readonly<Record<string, boolean>>;
  /** Organisation id to the rights held there. */
  organizations: Readonly<Record<string, Readonly<Record<string, boolean>>>>;
}

/** The item a transition would move, as both sides know it. */
export interface StateSubject {
  createdBy: string | null;
  ownerOrg: string | null;
  data: ItemData;
}

/** What a chart is sent: the transition's name, and who asks about which item (its guards read these). */
export interface StateChartEvent {
  type: string;
  caller: StateCaller | null;
  item: StateSubject;
}

/** A type's state property and the chart that moves it (`ModuleModel.stateCharts`). */
export interface StateChartDef {
  type: string;
  property: string;
  /** Flat: its top-level state nodes are the property's values; it keeps no context its guards need. */
  chart: AnyStateMachine;
  /** Read-only DTM properties set to the time `event` is taken to state `to` (a consultation's `submitted`). */
  stamps?: readonly { event: string; to: string; property: string }[];
}

/** The refusal of a transition the chart does not allow from this state for this caller. */
export const TRANSITION_NOT_ALLOWED = 'transitionNotAllowed';
/** The field message of a create or update that tries to set the state property itself. */
export const STATE_BY_TRANSITION = 'errors.stateByTransition';

/** Whether the caller created the item (authors submit and withdraw their own). */
export const isCreator = (e: StateChartEvent): boolean => !!e.caller && e.caller.userId === e.item.createdBy;
/** Whether the caller is an administrator. */
export const isAdmin = (e: StateChartEvent): boolean => e.caller?.admin === true;
/** Whether the caller holds `capability` on the site, or is an administrator. */
export const holdsCapability = (e: StateChartEvent, capability: string): boolean =>
  !!e.caller && (e.caller.admin || e.caller.capabilities[capability] === true);
/** Whether the caller holds `right` in the item's owner organisation. */
export const holdsInOwner = (e: StateChartEvent, right: string): boolean =>
  !!e.caller && !!e.item.ownerOrg && e.caller.organizations[e.item.ownerOrg]?.[right] === true;

/** The item as a transition's guards see it, from an item as the server presents it. */
export function subjectOfItem(item: Item): StateSubject {
  const owner = (item as ItemData).owner;
  const ownerId = typeof owner === 'object' && owner !== null && 'id' in owner ? (owner as { id: unknown }).id : null;
  return {
    createdBy: item._c?.by ?? null,
    ownerOrg: typeof ownerId === 'string' && ownerId.startsWith('Organization-') ? ownerId : null,
    data: item,
  };
}

/** The chart's values: its top-level state nodes. */
export const chartStates = (chart: AnyStateMachine): string[] => Object.keys(chart.root.states);

/** Every transition the chart names, in the order its states declare them. */
export function chartEvents(chart: AnyStateMachine): string[] {
  const events = new Set<string>();
  for (const node of Object.values(chart.root.states)) for (const type of node.transitions.keys()) events.add(type);
  return [...events];
}

/** The value a new item starts in. */
export const initialStateOf = (chart: AnyStateMachine): string => String(initialTransition(chart)[0].value);

/** The chart's snapshot at `state`, or null when `state` is not one of its values (a stored value a chart no longer knows). */
function snapshotAt(chart: AnyStateMachine, state: unknown) {
  if (typeof state !== 'string' || !Object.hasOwn(chart.root.states, state)) return null;
  return chart.resolveState({ value: state, context: initialTransition(chart)[0].context });
}

/** The transitions `caller` may take now from `state`: the only actions a screen offers. */
export function allowedTransitions(chart: AnyStateMachine, state: unknown, caller: StateCaller | null, item: StateSubject): string[] {
  const at = snapshotAt(chart, state);
  if (!at) return [];
  return chartEvents(chart).filter((type) => at.can({ type, caller, item } satisfies StateChartEvent));
}

/** Where `event` takes the item from `state` for `caller`, or the refusal when it is not allowed now. */
export function applyTransition(
  chart: AnyStateMachine,
  state: unknown,
  event: StateChartEvent,
): { ok: true; to: string } | { ok: false; reason: typeof TRANSITION_NOT_ALLOWED } {
  const at = snapshotAt(chart, state);
  if (!at || !at.can(event)) return { ok: false, reason: TRANSITION_NOT_ALLOWED };
  const [next] = transition(chart, at, event);
  return { ok: true, to: String(next.value) };
}

/** What a chart must be to move `def.property`: a flat chart whose values are exactly the property's SEL options, server's only. */
export function checkStateChart(def: StateChartDef, type: ItemTypeDef | undefined): void {
  const where = `The state chart of ${def.type}.${def.property}`;
  if (!type) throw new Error(`${where} names a type no module registers`);
  const prop = type.properties[def.property];
  if (!prop) throw new Error(`${where} names a property ${def.type} does not declare`);
  if (prop.kind !== 'SEL' || prop.multiple || !prop.readOnly)
    throw new Error(`${where}: the property must be a single SEL marked readOnly (only the server changes it)`);
  const states = chartStates(def.chart);
  for (const state of states)
    if (Object.keys(def.chart.root.states[state]!.states).length > 0)
      throw new Error(`${where}: ${state} has child states; a chart is flat`);
  const options = [...(prop.options ?? [])].sort();
  if (JSON.stringify([...states].sort()) !== JSON.stringify(options))
    throw new Error(`${where}: its states (${states.join(', ')}) must be the property's options (${options.join(', ')})`);
  for (const { event, to, property } of def.stamps ?? []) {
    const stamped = type.properties[property];
    if (!stamped || stamped.kind !== 'DTM' || !stamped.readOnly)
      throw new Error(`${where}: ${event} stamps ${property}, which must be a DTM property marked readOnly`);
    if (!chartEvents(def.chart).includes(event) || !states.includes(to))
      throw new Error(`${where}: it stamps ${property} on ${event} to ${to}, which it never takes`);
  }
}

/** The charts by type name, each checked against its type; a type given two charts is refused. */
export function stateChartTable(
  defs: readonly StateChartDef[],
  typeOf: (name: string) => ItemTypeDef | undefined,
): ReadonlyMap<string, StateChartDef> {
  const table = new Map<string, StateChartDef>();
  for (const def of defs) {
    if (table.has(def.type)) throw new Error(`${def.type} has two state charts (${table.get(def.type)!.property} and ${def.property})`);
    checkStateChart(def, typeOf(def.type));
    table.set(def.type, def);
  }
  return table;
}
