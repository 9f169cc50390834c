/** Which columns a new location keeps, opens and closes. */
import { sameColumnParams } from './columnParams';
import type { CellSpec } from './parseLocation';

/** A column keeps its actor while the same key stays at the same position. */
export const cellId = (spec: Pick<CellSpec, 'index' | 'key'>): string => `${spec.index}:${spec.key}`;

export interface CellDiff {
  removed: CellSpec[];
  added: CellSpec[];
  /** Kept columns whose route parameter or sub-parameters changed, with the new spec. */
  reparamed: CellSpec[];
}

/** The difference between the columns shown and those of the next location. */
export function diffCells(current: readonly CellSpec[], next: readonly CellSpec[]): CellDiff {
  const nextIds = new Map(next.map((spec) => [cellId(spec), spec]));
  const currentIds = new Map(current.map((spec) => [cellId(spec), spec]));
  return {
    removed: current.filter((spec) => !nextIds.has(cellId(spec))),
    added: next.filter((spec) => !currentIds.has(cellId(spec))),
    reparamed: next.filter((spec) => {
      const shown = currentIds.get(cellId(spec));
      return shown !== undefined && (shown.routeParam !== spec.routeParam || !sameColumnParams(shown.columnParams, spec.columnParams));
    }),
  };
}
