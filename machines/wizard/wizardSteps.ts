/**
 * The rules of a step wizard as pure functions: which errors a step has (the type's own form rules,
 * limited to the step's properties), how far the draft is valid, where a wizard may resume, and where
 * a finished wizard leads.
 */
import type { FieldErrors } from '../../src/shared/items/itemSchema';
import { validateItemData } from '../../src/shared/items/itemSchema';
import type { ItemData } from '../../src/shared/items/types';
import type { WizardDef } from '../../src/shared/items/wizards';
import { dataOf, formType } from '../item/itemFormData';
import { formatLocation } from '../router/formatLocation';
import { columnParam, type ParsedLocation } from '../router/parseLocation';
import { parseStepPosition, type StepPosition } from '../router/stepPosition';

/** The rule errors of step `step` (counted from 1): the whole draft checked, only the step's properties kept. */
export function stepErrors(def: WizardDef, draft: ItemData, step: number, admin: boolean): FieldErrors {
  const names = def.steps[step - 1]?.properties ?? [];
  const type = formType(def.type);
  const all = validateItemData(type, dataOf(type, draft), { admin });
  return Object.fromEntries(Object.entries(all).filter(([name]) => names.includes(name)));
}

/** Whether step `step` passes. */
export const isStepValid = (def: WizardDef, draft: ItemData, step: number, admin: boolean): boolean =>
  Object.keys(stepErrors(def, draft, step, admin)).length === 0;

/** The first step from `from` up to (not including) `to` that does not pass, or null. */
export function firstInvalidStep(def: WizardDef, draft: ItemData, from: number, to: number, admin: boolean): number | null {
  for (let step = from; step < to; step += 1) if (!isStepValid(def, draft, step, admin)) return step;
  return null;
}

/**
 * Where a wizard starts: the route's position when every step before it passes, else the first step
 * that does not (a step is never passed while invalid, not even by an address). Without a position a
 * new item starts at step 1 and an existing one at step 1 with every step up to its first invalid one
 * reached. The furthest step is never before the current one nor after the last.
 */
export function startPosition(def: WizardDef, param: string | undefined, draft: ItemData, isNew: boolean, admin: boolean): StepPosition {
  const count = def.steps.length;
  const routed = parseStepPosition(param);
  const reachable = firstInvalidStep(def, draft, 1, count + 1, admin) ?? count;
  const wanted = routed ?? { current: 1, furthest: isNew ? 1 : reachable };
  const current = Math.min(wanted.current, reachable, count);
  const furthest = Math.min(Math.max(wanted.furthest, current), count);
  return { current, furthest };
}

/** The address of an item's read screen in place of its wizard in column `index`, without the column's step position. */
export function readScreenHref(location: ParsedLocation, index: number, itemId: string): string {
  const param = columnParam(index);
  const cells = location.cells.map((cell) => (cell.index === index ? { segments: [`i-${itemId}`] } : { segments: cell.segments }));
  return formatLocation(
    cells,
    location.query.filter(([key]) => key !== param),
  );
}
