/**
 * Which item the pointer rests on (spec 000 §2 "Item displays", §3): every display of that item on
 * the page is highlighted. Ids are cut to their first two parts, so `Contact-3-17` lights `Contact-3`.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { isValidId, shortId } from '../../src/shared/ids';

export interface HighlightContext {
  /** The short id (type-index) of the hovered item, or null. */
  hovered: string | null;
}

export type HighlightEvent =
  /** The pointer entered a display of item `id`. */
  | { type: 'highlight.entered'; id: string }
  /** The pointer left a display of item `id`. */
  | { type: 'highlight.left'; id: string };

const short = (id: string): string | null => (isValidId(id) ? shortId(id) : null);

/** The hovered item of the page; one actor for the whole session. */
export const highlightMachine = setup({
  types: {
    context: {} as HighlightContext,
    events: {} as HighlightEvent,
  },
  guards: {
    // A late `left` of the previous display must not clear the display just entered.
    isHovered: ({ context, event }) => context.hovered !== null && short(event.id) === context.hovered,
  },
  actions: {
    hover: assign(({ event }) => ({ hovered: short(event.id) })),
    clear: assign({ hovered: null }),
  },
}).createMachine({
  id: 'highlight',
  context: { hovered: null },
  on: {
    'highlight.entered': { actions: 'hover' },
    'highlight.left': { guard: 'isHovered', actions: 'clear' },
  },
});

/** The short id of the hovered item, or null. */
export const selectHovered = (snapshot: SnapshotFrom<typeof highlightMachine>): string | null => snapshot.context.hovered;
