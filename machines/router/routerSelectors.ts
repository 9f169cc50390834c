/** Selectors over the router snapshot for `useSelector` and for other actors. */
import type { RouterActorRef } from '../systemIds';

export type RouterSnapshot = ReturnType<RouterActorRef['getSnapshot']>;
type RouterCell = RouterSnapshot['context']['cells'][number];

/** The open columns, in order. */
export const selectCells = (snapshot: RouterSnapshot): RouterCell[] => snapshot.context.cells;
/** The focused column's key. */
export const selectActiveKey = (snapshot: RouterSnapshot): string | null => snapshot.context.activeKey;
/** The item id of the focused column, if it is an item cell. */
export const selectActiveItemId = (snapshot: RouterSnapshot): string | null =>
  snapshot.context.cells.find((cell) => cell.spec.key === snapshot.context.activeKey)?.spec.itemId ?? null;
/** The locale the route carries (default en). */
export const selectLocale = (snapshot: RouterSnapshot): string => snapshot.context.location?.locale ?? 'en';
/** The segment of the shown location that is no valid cell (the not-found column's errors.cellKeyNotValid text). */
export const selectInvalidKey = (snapshot: RouterSnapshot): string | null => snapshot.context.location?.invalidKey ?? null;
/** Whether the columns match the location (no redirect, lookup or close question under way). */
export const selectRouterReady = (snapshot: RouterSnapshot): boolean => snapshot.matches('READY');
