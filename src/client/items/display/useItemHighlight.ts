/** Hover highlight of item displays (spec 000 §2, §3): every display of the hovered item lights up. */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { selectHovered } from '../../../../machines/session/highlightMachine';
import { isValidId, shortId } from '../../../shared/ids';
import { useActors } from '../../session/useActors';

/** Whether item `id` is the hovered one, and the handlers that make a display report hovering. */
export function useItemHighlight(id: string) {
  const { highlight } = useActors();
  const hovered = useSelector(highlight, selectHovered);
  const handlers = useMemo(
    () => ({
      onMouseEnter: () => highlight.send({ type: 'highlight.entered', id }),
      onMouseLeave: () => highlight.send({ type: 'highlight.left', id }),
      onFocus: () => highlight.send({ type: 'highlight.entered', id }),
      onBlur: () => highlight.send({ type: 'highlight.left', id }),
    }),
    [highlight, id],
  );
  const highlighted = hovered !== null && isValidId(id) && shortId(id) === hovered;
  return { highlighted, handlers };
}
