import { modules } from '../../modules';
import { lazy } from '../lazy';
import { stepKindTable, type RegisteredStepKind } from './StepKindDef';

/** Every module's step kinds, built now: the server calls it at start, so a kind registered twice stops it. */
export const buildStepKinds = (): ReadonlyMap<string, RegisteredStepKind> => stepKindTable(modules);

/** The registered step kinds, built on first use. */
export const stepKinds: () => ReadonlyMap<string, RegisteredStepKind> = lazy(buildStepKinds);
