/** Links to items go through the router (spec 000 §2): a modifier or middle click opens a new tab. */
import { useMemo, type MouseEvent } from 'react';
import { useActors } from '../../session/useActors';

/** The href of item `id` and the click handlers that follow it in this tab or in a new one. */
export function useItemLink(id: string) {
  const { router } = useActors();
  return useMemo(() => {
    const href = `/i-${id}`;
    const follow = (event: MouseEvent, newTab: boolean) => {
      event.preventDefault();
      router.send({ type: 'router.linkFollowed', href, newTab });
    };
    return {
      href,
      onClick: (event: MouseEvent) => follow(event, event.metaKey || event.ctrlKey || event.shiftKey || event.button === 1),
      // Middle click fires auxclick, not click.
      onAuxClick: (event: MouseEvent) => (event.button === 1 ? follow(event, true) : undefined),
    };
  }, [router, id]);
}
