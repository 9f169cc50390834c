/** /debug: every live actor of the session's system and its current state, updating as they change. */
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useT } from '../i18n/useT';
import { useSession } from '../session/SessionContext';

/** A state value as one line: nested states dotted (LIVE.OPEN.GOOD), parallel regions separated by commas. */
export function stateText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return '—';
  const parts = Object.entries(value).map(([key, child]) => {
    const inner = stateText(child);
    return inner === '—' ? key : `${key}.${inner}`;
  });
  return parts.length ? parts.join(', ') : '—';
}

// Actors without states (callbacks, promises) show their status instead.
const selectStateText = (snapshot: { value?: unknown; status?: string }): string =>
  snapshot.value === undefined ? (snapshot.status ?? '—') : stateText(snapshot.value);

function ActorRow({ id, actor }: { id: string; actor: AnyActorRef }) {
  const state = useSelector(actor, selectStateText);
  return (
    <tr className="border-t border-line">
      <td className="py-1 pr-4 font-mono">{id}</td>
      <td className="break-all py-1 font-mono">{state}</td>
    </tr>
  );
}

/** The live actors view of the help menu. */
export function DebugPage() {
  const t = useT();
  const session = useSession();
  useDocumentTitle(t('app.debug.title'));
  // The registered system ids: every long-lived actor is registered, dynamic ones when they are given one.
  const actors = Object.entries(session.system.getAll() as Record<string, AnyActorRef>);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-semibold">{t('app.debug.title')}</h1>
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            <th className="pb-2">{t('app.debug.actor')}</th>
            <th className="pb-2">{t('app.debug.state')}</th>
          </tr>
        </thead>
        <tbody>
          {actors.map(([id, actor]) => (
            <ActorRow key={id} id={id} actor={actor} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
