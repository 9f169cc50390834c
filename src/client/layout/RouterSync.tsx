/** Tells the router actor every location wouter sees; the router parses it (DESIGN.md: wouter only supplies location). */
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { RouterActorRef } from '../../../machines/systemIds';

/** Sends `router.locationChanged` on the first render and on every change of path or query. */
export function RouterSync({ router }: { router: RouterActorRef }) {
  const [path] = useLocation();
  const search = useSearch();
  useEffect(() => {
    router.send({ type: 'router.locationChanged', path, search });
  }, [router, path, search]);
  return null;
}
