/**
 * The live view (issue 18): what a support agent sees of the user's tab, as app state rather than
 * pixels. The user's tab builds a {@link LiveView} from its actors (the address, each open column
 * with its title, the item it shows and the values the user sees, the focused field, the scroll),
 * sends it whole when an agent joins, then only patches ({@link diffLiveView}) when it changes.
 * Every text in it is a label the user reads; nothing comes from a password field, and no token.
 */

/** One property as the user sees it: its label and its value as text. */
export interface LiveField {
  /** The property's name (what a fill command names). */
  name: string;
  label: string;
  value: string;
  /** Set on a form's plain field the agent may fill in under control (text and numbers). */
  fillable?: true;
}

/** One open column. */
export interface LiveCell {
  /** The column's key in the address (`i-Contact-3`, `v-search`). */
  key: string;
  /** The column's title, as its header shows it. */
  title: string;
  /** The label of the item's type, for a column showing an item. */
  typeLabel: string | null;
  /** `read` an item's read screen, `edit` its form (or a new item's), `view` any other screen. */
  mode: 'read' | 'edit' | 'view';
  /** The fields shown: read values, or the form's current draft while editing. */
  fields: LiveField[];
  /** Any other lines the column lists (search results), as the user reads them. */
  lines: LiveLine[];
}

/** A line of a list in a column: what the user reads, and the address segment it opens in the next column. */
export interface LiveLine {
  label: string;
  segment: string;
}

/** The whole picture. */
export interface LiveView {
  /** The address (path and query) of the tab. */
  path: string;
  cells: LiveCell[];
  /** The focused field: its column's key and the field's label; null when no field has focus. */
  focus: { cellKey: string | null; label: string } | null;
  /** How far the page is scrolled, in CSS pixels. */
  scrollY: number;
  /** Whether the tab is hidden (the user switched away). */
  hidden: boolean;
}

/** A step of a path into a live view: an object key or an array index. */
export type LivePathStep = string | number;
/**
 * Changes from one live view to the next: `[path, value]` sets (or adds) a value; `[path]` removes
 * an object key; an array's new length is set at `[...path, 'length']` (shorter truncates).
 */
export type LivePatch = Array<[LivePathStep[]] | [LivePathStep[], unknown]>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function diffInto(prev: unknown, next: unknown, path: LivePathStep[], out: LivePatch): void {
  if (prev === next) return;
  if (Array.isArray(prev) && Array.isArray(next)) {
    const shared = Math.min(prev.length, next.length);
    for (let i = 0; i < shared; i++) diffInto(prev[i], next[i], [...path, i], out);
    if (next.length !== prev.length) out.push([[...path, 'length'], next.length]);
    for (let i = shared; i < next.length; i++) out.push([[...path, i], next[i]]);
    return;
  }
  if (isObject(prev) && isObject(next)) {
    for (const key of Object.keys(prev)) if (!(key in next)) out.push([[...path, key]]);
    for (const [key, value] of Object.entries(next)) diffInto(prev[key], value, [...path, key], out);
    return;
  }
  out.push([path, next]);
}

/** The patch that turns `prev` into `next` (empty when they are equal). */
export function diffLiveView(prev: LiveView, next: LiveView): LivePatch {
  const out: LivePatch = [];
  diffInto(prev, next, [], out);
  return out;
}

/** `view` with `patch` applied, as a new object (the old one is not changed). */
export function applyLivePatch(view: LiveView, patch: LivePatch): LiveView {
  const root = structuredClone(view) as unknown as Record<string, unknown>;
  for (const op of patch) {
    const [path] = op;
    if (path.length === 0) continue;
    let target: unknown = root;
    for (const step of path.slice(0, -1)) {
      const holder = target as Record<LivePathStep, unknown>;
      if (!isObject(holder[step]) && !Array.isArray(holder[step])) holder[step] = typeof step === 'number' ? [] : {};
      target = holder[step];
    }
    const last = path[path.length - 1]!;
    if (Array.isArray(target) && last === 'length') target.length = Number(op[1]);
    else if (op.length === 1) delete (target as Record<LivePathStep, unknown>)[last];
    else (target as Record<LivePathStep, unknown>)[last] = structuredClone(op[1]);
  }
  return root as unknown as LiveView;
}

/** Names of fields whose values never leave the tab, whatever the screen (spec 000 §4: nothing from password fields). */
export const SECRET_FIELD = /pass(word)?|secret|token/i;

/** An empty picture, before the user's tab sent one. */
export const EMPTY_LIVE_VIEW: LiveView = { path: '/', cells: [], focus: null, scrollY: 0, hidden: false };
