/**
 * Replays observe actor errors: machines that invoke promises may get an `xstate.error.actor.*`
 * event in a state that no longer runs that actor, which would otherwise be rethrown and kill the
 * jest worker. States entered in every microstep are counted, so transient states are seen.
 *
 * Model-based coverage: traverse a machine with `xstate/graph` over explicit events, then replay
 * against a real actor the shortest path to every state, followed by each kind of event from it,
 * checking each step and recording which transition definitions the actor really took.
 */
import {
  createActor,
  SimulatedClock,
  getStateNodes as activeStateNodes,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type InputFrom,
} from 'xstate';
import { getAdjacencyMap, getStateNodes } from 'xstate/graph';

export interface ModelVariant<TMachine extends AnyStateMachine> {
  name: string;
  /** Called afresh for the traversal and for every replay, so each run gets its own effects. */
  input: () => InputFrom<TMachine>;
}

export interface ModelSpec<TMachine extends AnyStateMachine> {
  name: string;
  machine: TMachine;
  variants: ModelVariant<TMachine>[];
  /** Every event to try in every state, with explicit payloads; delayed transitions as their `xstate.after.*` events. */
  events: AnyEventObject[];
  /** The state value plus the context the guards read; never counters or timestamps. */
  serializeState: (snapshot: AnyMachineSnapshot) => string;
  /**
   * A rule that must hold after every replayed step, given the snapshot and that replay's own input
   * (its effects): the description of the breach, or null. Breaches are reported as mismatches.
   */
  invariant?: (snapshot: AnyMachineSnapshot, input: InputFrom<TMachine>) => string | null;
}

export interface ModelReport {
  statesVisited: number;
  statesTotal: number;
  transitionsTaken: number;
  transitionsTotal: number;
  missingStates: string[];
  missingTransitions: string[];
  /** Replays whose real actor did not follow the traversal. */
  mismatches: string[];
  paths: number;
  /** `name: states a/b, transitions c/d` */
  line: string;
}

const describeTransition = (t: AnyTransitionDefinition): string => {
  const guard = t.guard ? `[${typeof t.guard === 'string' ? t.guard : JSON.stringify(t.guard)}]` : '';
  const targets = t.target ? t.target.map((node) => node.id).join(',') : '(self)';
  return `${t.source.id} --${t.eventType || '(always)'}${guard}--> ${targets}`;
};

/** Every transition definition of the machine: `on`, `after` and `always` of every state node and the root. */
export function allTransitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return [machine.root, ...getStateNodes(machine.root)].flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]);
}

type Edge = { event: AnyEventObject; state: AnyMachineSnapshot };
type Adjacency = Record<string, { transitions: Record<string, Edge> }>;
type Step = { event: AnyEventObject; expected: string };

/**
 * The shortest way to every state of the traversal, as the events to send after the initial state (which
 * createActor reaches by itself) and the state each must reach: a breadth-first walk of the adjacency map,
 * whose first entry is the initial state.
 */
function shortestPrefixes(adjacency: Adjacency, serializeState: (s: AnyMachineSnapshot) => string): Map<string, Step[]> {
  const start = Object.keys(adjacency)[0];
  if (start === undefined) return new Map();
  const prefixes = new Map<string, Step[]>([[start, []]]);
  const queue = [start];
  for (let next = 0; next < queue.length; next++) {
    const from = queue[next]!;
    for (const edge of Object.values(adjacency[from]!.transitions)) {
      const to = serializeState(edge.state);
      if (prefixes.has(to)) continue;
      prefixes.set(to, [...prefixes.get(from)!, { event: edge.event, expected: to }]);
      queue.push(to);
    }
  }
  return prefixes;
}

/** Traverses and replays the model; the caller asserts on and prints the report. */
export function exploreModel<TMachine extends AnyStateMachine>(spec: ModelSpec<TMachine>): ModelReport {
  // The traversal is generic over any machine; the spec's own types end at its boundary.
  const machine: AnyStateMachine = spec.machine;
  const { serializeState } = spec;
  const stateIds = getStateNodes(machine.root).map((node) => node.id);
  const transitions = allTransitions(machine);
  const visited = new Set<string>();
  const taken = new Set<AnyTransitionDefinition>();
  const mismatches: string[] = [];
  let paths = 0;

  // Every edge of the traversal (a state, with the context its guards read, and one event), as a path to replay:
  // the shortest path to the state, then the event.
  interface Replay {
    variant: ModelVariant<TMachine>;
    steps: Step[];
    /** The state (with its context) the edge leaves. */
    source: string;
    /** The state values before and after the edge and its event type: edges alike in these replay alike in the chart. */
    shape: string;
  }
  const replays: Replay[] = [];
  for (const variant of spec.variants) {
    const options = { input: variant.input(), events: spec.events, serializeState: (s: AnyMachineSnapshot) => serializeState(s) };
    const adjacency = getAdjacencyMap(machine, options);
    const prefixes = shortestPrefixes(adjacency as unknown as Adjacency, serializeState);
    for (const [from, { state, transitions: edges }] of Object.entries(adjacency)) {
      const prefix = prefixes.get(from);
      if (!prefix) {
        mismatches.push(`${variant.name}: no path to ${from}`);
        continue;
      }
      for (const edge of Object.values(edges) as Array<{ event: AnyEventObject; state: AnyMachineSnapshot }>) {
        const shape = `${variant.name}|${JSON.stringify((state as AnyMachineSnapshot).value)}|${edge.event.type}|${JSON.stringify(edge.state.value)}`;
        const steps = [...prefix, { event: edge.event, expected: serializeState(edge.state) }];
        replays.push({ variant, steps, source: `${variant.name}|${from}`, shape });
      }
    }
  }

  const complete = () => stateIds.every((id) => visited.has(id)) && transitions.every((t) => taken.has(t));
  const replay = ({ variant, steps }: Replay): void => {
    paths += 1;
    const input = variant.input();
    const actor = createActor(machine, {
      input,
      clock: new SimulatedClock(),
      inspect: (inspection) => {
        // The root's own microsteps, including those of its initial state computed inside createActor.
        if (inspection.type === '@xstate.microstep' && inspection.actorRef.sessionId === inspection.rootId) {
          for (const t of inspection._transitions) {
            taken.add(t);
            // A transient initial state is left inside createActor's first microstep: taking its transition shows it was entered.
            visited.add(t.source.id);
          }
          // Transient states (eventless transitions) show only in microsteps, never in a resting snapshot.
          for (const node of activeStateNodes(machine.root, (inspection.snapshot as AnyMachineSnapshot).value)) visited.add(node.id);
        }
      },
    });
    actor.subscribe({ error: () => undefined });
    actor.start();
    const record = (snapshot: AnyMachineSnapshot) => {
      for (const node of activeStateNodes(machine.root, snapshot.value)) visited.add(node.id);
    };
    record(actor.getSnapshot());
    for (const [index, step] of steps.entries()) {
      actor.send(step.event);
      const actual = serializeState(actor.getSnapshot());
      record(actor.getSnapshot());
      if (actual !== step.expected) {
        mismatches.push(`${variant.name}: step ${index} ${step.event.type}: expected ${step.expected}, got ${actual}`);
        break;
      }
      const breach = spec.invariant?.(actor.getSnapshot(), input);
      if (breach) {
        mismatches.push(`${variant.name}: step ${index} ${step.event.type}: ${breach}`);
        break;
      }
    }
    actor.stop();
  };
  // First a replay through every state the traversal found (its path checked step by step, the invariant after
  // each step) and one of each shape of edge: the many contexts of one state mostly take the same transitions, and
  // replaying every state and event (tens of thousands of paths) cost the run minutes. Then, while a state or
  // transition is still unseen, the remaining edges, so that coverage is what replaying all of them would give.
  const shapes = new Set<string>();
  const sources = new Set<string>();
  const rest: Replay[] = [];
  for (const r of replays) {
    if (shapes.has(r.shape) && sources.has(r.source)) rest.push(r);
    else {
      shapes.add(r.shape);
      sources.add(r.source);
      replay(r);
    }
  }
  for (const r of rest) {
    if (complete()) break;
    replay(r);
  }

  const missingStates = stateIds.filter((id) => !visited.has(id));
  const missingTransitions = transitions.filter((t) => !taken.has(t)).map(describeTransition);
  const statesVisited = stateIds.length - missingStates.length;
  const transitionsTaken = transitions.length - missingTransitions.length;
  return {
    statesVisited,
    statesTotal: stateIds.length,
    transitionsTaken,
    transitionsTotal: transitions.length,
    missingStates,
    missingTransitions,
    mismatches,
    paths,
    line: `${spec.name}: states ${statesVisited}/${stateIds.length}, transitions ${transitionsTaken}/${transitions.length}`,
  };
}

/** The event of a delayed transition, as the scheduler delivers it. */
export const delayed = (delay: string, stateId: string): AnyEventObject => ({ type: `xstate.after.${delay}.${stateId}` });

/**
 * One report of several explorations of the same machine (independent parallel regions explored one
 * at a time): a state or transition is missing only when every exploration missed it.
 */
export function mergeReports(name: string, reports: readonly ModelReport[]): ModelReport {
  const first = reports[0]!;
  const missedByAll = (pick: (r: ModelReport) => string[]): string[] =>
    pick(first).filter((entry) => reports.every((r) => pick(r).includes(entry)));
  const missingStates = missedByAll((r) => r.missingStates);
  const missingTransitions = missedByAll((r) => r.missingTransitions);
  const statesVisited = first.statesTotal - missingStates.length;
  const transitionsTaken = first.transitionsTotal - missingTransitions.length;
  return {
    statesVisited,
    statesTotal: first.statesTotal,
    transitionsTaken,
    transitionsTotal: first.transitionsTotal,
    missingStates,
    missingTransitions,
    mismatches: reports.flatMap((r) => r.mismatches),
    paths: reports.reduce((sum, r) => sum + r.paths, 0),
    line: `${name}: states ${statesVisited}/${first.statesTotal}, transitions ${transitionsTaken}/${first.transitionsTotal}`,
  };
}

/** Prints the coverage line and asserts every state and transition of the machine was visited. */
export function expectFullCoverage(report: ModelReport, statesTotal: number): void {
  console.log(report.line);
  expect(report.mismatches).toEqual([]);
  expect(report.missingStates).toEqual([]);
  expect(report.missingTransitions).toEqual([]);
  expect(report.transitionsTaken).toBe(report.transitionsTotal);
  expect(report.statesTotal).toBe(statesTotal);
}
