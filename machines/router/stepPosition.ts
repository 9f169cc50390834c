/** A step wizard's position kept in its column's route parameter as `current` or `current-furthest` (spec 000 §2). */

/** The step shown and the furthest step reached, both counted from 1. */
export interface StepPosition {
  current: number;
  furthest: number;
}

const POSITION = /^([1-9][0-9]{0,3})(?:-([1-9][0-9]{0,3}))?$/;

/** Reads `2` or `2-4`; anything else (or a furthest step before the current one) is no position. */
export function parseStepPosition(param: string | undefined): StepPosition | null {
  const match = param === undefined ? null : POSITION.exec(param);
  if (!match?.[1]) return null;
  const current = Number(match[1]);
  const furthest = match[2] === undefined ? current : Number(match[2]);
  return furthest >= current ? { current, furthest } : null;
}

/** Writes a position back: `2` when the furthest step is the current one, else `2-4`. */
export function formatStepPosition(position: StepPosition): string {
  const furthest = Math.max(position.furthest, position.current);
  return furthest === position.current ? String(position.current) : `${position.current}-${furthest}`;
}
