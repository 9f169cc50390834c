/**
 * The installed step kinds: each module's declarations (ModuleModel.stepKinds) with the behaviours
 * of their server parts (ModuleServer.stepKinds). Installed once at start (src/server/app.ts), as the
 * policy's rules are, so the workflow module reads other modules' kinds without importing them.
 */
import { stepKindTable, type RegisteredStepKind, type StepKindSource } from '../../shared/workflow/StepKindDef';
import type { StepBehaviour } from './StepBehaviour';

/** A server part that may bring step behaviours (a `ModuleServer` fits). */
export interface StepBehaviourSource {
  name: string;
  stepKinds?: readonly StepBehaviour[];
}

let installed: { kinds: ReadonlyMap<string, RegisteredStepKind>; behaviours: ReadonlyMap<string, StepBehaviour> } = {
  kinds: new Map(),
  behaviours: new Map(),
};

/**
 * Builds the table from the models and the server parts; a kind declared twice, a behaviour of a kind
 * no model declares, one given twice, or one given by a module other than the kind's stops the start.
 */
export function installStepKinds(models: readonly StepKindSource[], servers: readonly StepBehaviourSource[]): void {
  const kinds = stepKindTable(models);
  const behaviours = new Map<string, StepBehaviour>();
  for (const server of servers) {
    for (const behaviour of server.stepKinds ?? []) {
      const declared = kinds.get(behaviour.kind);
      if (!declared) throw new Error(`Module ${server.name} gives a behaviour to step kind ${behaviour.kind}, which no module declares`);
      if (declared.owner !== server.name)
        throw new Error(`Module ${server.name} gives a behaviour to step kind ${behaviour.kind}, declared by module ${declared.owner}`);
      if (behaviours.has(behaviour.kind)) throw new Error(`Step kind ${behaviour.kind} is given two behaviours by module ${server.name}`);
      behaviours.set(behaviour.kind, behaviour);
    }
  }
  installed = { kinds, behaviours };
}

/** The registered kind called `kind`, or undefined when no installed module brings it. */
export const registeredStepKind = (kind: string): RegisteredStepKind | undefined => installed.kinds.get(kind);

/** The behaviour of `kind` (a kind without one just moves through its states). */
export const stepBehaviour = (kind: string): StepBehaviour | undefined => installed.behaviours.get(kind);
