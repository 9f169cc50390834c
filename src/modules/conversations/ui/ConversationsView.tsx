/**
 * The conversations view (spec 001 §2 "conversations"): the user's threads, latest first, each with
 * what it is about, when it last moved and how many of its messages they have not read; resolved ones
 * on request; "New conversation" opens the thread form. Its state is the session's conversations actor.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import {
  selectConversationsError,
  selectResolvedShown,
  selectThreads,
  selectUnread,
} from '../../../../machines/conversations/conversationsMachine';
import { getConversations } from '../../../../machines/conversations/conversationsSystemIds';
import { AdminError } from '../../../client/admin/AdminError';
import { useT } from '../../../client/i18n/useT';
import { formatDate } from '../../../client/items/fields/formatDate';
import type { CellViewProps } from '../../../client/layout/CellViewProps';
import { useActors } from '../../../client/session/useActors';
import { useSession } from '../../../client/session/SessionContext';
import { ToolbarButton } from '../../../client/search/ToolbarButton';

export function ConversationsView({ cell, spec }: CellViewProps) {
  const t = useT();
  const base = useId();
  const { router } = useActors();
  const actor = getConversations(useSession().system);
  const threads = useSelector(actor, (s) => (s ? selectThreads(s) : null));
  const unread = useSelector(actor, (s) => (s ? selectUnread(s) : 0));
  const error = useSelector(actor, (s) => (s ? selectConversationsError(s) : null));
  const resolved = useSelector(actor, (s) => (s ? selectResolvedShown(s) : false));
  const title = t(`views.${spec.key}`);
  useEffect(() => cell.send({ type: 'cell.described', title, icon: 'chat' }), [cell, title]);
  // Opening the view asks again: counts marked read elsewhere since are brought up to date.
  useEffect(() => actor?.send({ type: 'conversations.refresh' }), [actor]);
  const open = (segment: string) => router.send({ type: 'router.opened', fromKey: spec.key, segment });
  return (
    <div className="flex flex-col gap-3 px-4 py-3" data-testid="conversations">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${base}-title`} className="m-0 text-base font-semibold">
          {t('conversations.list')}
          {unread > 0 ? (
            <span className="ml-2 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-white" data-testid="conversations-unread">
              {t('conversations.unread', { count: unread })}
            </span>
          ) : null}
        </h2>
        <ToolbarButton icon="add" label={t('conversations.new')} named onClick={() => open('i-Thread-0')} />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="h-4 w-4 accent-primary"
          checked={resolved}
          onChange={(e) => actor?.send({ type: 'conversations.resolvedShown', resolved: e.target.checked })}
        />
        {t('conversations.showResolved')}
      </label>
      <AdminError error={error} />
      {threads === null ? (
        <p role="status" className="text-sm text-muted">
          {t('app.loading')}
        </p>
      ) : threads.length === 0 ? (
        <p className="text-sm text-muted">{t('conversations.empty')}</p>
      ) : (
        <ul aria-labelledby={`${base}-title`} className="m-0 flex list-none flex-col gap-2 p-0">
          {threads.map((thread) => (
            <li key={thread.id}>
              <button
                type="button"
                onClick={() => open(`i-${thread.id}`)}
                className="flex w-full flex-col gap-1 rounded border border-line bg-panel px-3 py-2 text-left hover:bg-primary/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                data-testid={`thread-${thread.id}`}
              >
                <span className="flex w-full items-center justify-between gap-2">
                  <span className={`min-w-0 truncate ${thread.unread > 0 ? 'font-semibold' : ''}`}>{thread.subject}</span>
                  {thread.unread > 0 ? (
                    <span
                      className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-white"
                      data-testid="thread-unread"
                    >
                      {t('conversations.unread', { count: thread.unread })}
                    </span>
                  ) : thread.resolved ? (
                    <span className="shrink-0 text-xs text-muted">{t('conversations.resolved')}</span>
                  ) : null}
                </span>
                <span className="flex flex-wrap gap-x-3 text-xs text-muted">
                  {thread.purpose ? <span>{t(`options.${thread.purpose}`)}</span> : null}
                  {thread.context ? <span>{t('conversations.about', { context: thread.context })}</span> : null}
                  <span>{t('conversations.last', { date: formatDate(thread.lastTs, true) })}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
