/**
 * Replays observe actor errors: machines that invoke promises may get an `xstate.error.actor.*`
 * event in a state that no longer runs that actor, which would otherwise be rethrown and kill the
 * jest worker. States entered in every microstep are counted, so transient states are seen.
 *
 * Model-based coverage: traverse a machine with `xstate/graph` over explicit events, then replay
 * the shortest path to every state followed by every event from it against a real actor, checking
 * each step and recording which transition definitions the actor really took.
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
import { getAdjacencyMap, getShortestPaths, getStateNodes } from 'xstate/graph';

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

  for (const variant of spec.variants) {
    const options = { input: variant.input(), events: spec.events, serializeState: (s: AnyMachineSnapshot) => serializeState(s) };
    const shortest = new Map(getShortestPaths(machine, options).map((path) => [serializeState(path.state), path]));
    const adjacency = getAdjacencyMap(machine, options);
    for (const [from, { transitions: edges }] of Object.entries(adjacency)) {
      const path = shortest.get(from);
      if (!path) {
        mismatches.push(`${variant.name}: no path to ${from}`);
        continue;
      }
      // The first step of a path is the initial state (event xstate.init), which createActor reaches by itself.
      const prefix = path.steps.slice(1).map((step) => ({ event: step.event, expected: serializeState(step.state) }));
      for (const edge of Object.values(edges) as Array<{ event: AnyEventObject; state: AnyMachineSnapshot }>) {
        paths += 1;
        const steps = [...prefix, { event: edge.event, expected: serializeState(edge.state) }];
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
      }
    }
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
