/**
 * The thread screen's messages (issue 15), below the thread's properties: every message with its
 * writer, time, text and files, new ones arriving live; those the reader had not read marked New (and
 * marked read once shown); the composer (rich text and files); and the resolved toggle. Its state is
 * a thread actor of its column (machines/conversations/threadMachine.ts).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import {
  selectMessages,
  selectParticipants,
  selectResolveError,
  selectResolving,
  selectSendError,
  selectSending,
  selectThreadError,
  threadMachine,
  type ThreadActorRef,
} from '../../../../machines/conversations/threadMachine';
import { AdminError } from '../../../client/admin/AdminError';
import { useT } from '../../../client/i18n/useT';
import { FIELD_KINDS } from '../../../client/items/fields/fieldKinds';
import { formatDate } from '../../../client/items/fields/formatDate';
import type { ItemPanelProps } from '../../../client/items/itemPanels';
import { useCellViewActor } from '../../../client/layout/useCellViewActor';
import { Button } from '../../../client/shell/Button';
import { sanitizeRichText } from '../../../shared/items/sanitizeRichText';
import type { Item } from '../../../shared/items/types';
import { MessageType } from '../model';

const RICH_TEXT =
  'text-ink [&_a]:text-primary-ink [&_a]:underline dark:[&_a]:text-blue-300 [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-6';

export function ThreadPanel({ item, cell }: ItemPanelProps) {
  const actor = useCellViewActor(cell, `conversation:${item.$id}`, threadMachine, { threadId: item.$id });
  if (!actor || item.$deleted) return null;
  return <Thread actor={actor} item={item} />;
}

function Thread({ actor, item }: { actor: ThreadActorRef; item: Item }) {
  const t = useT();
  const base = useId();
  const messages = useSelector(actor, selectMessages);
  const error = useSelector(actor, selectThreadError);
  const participants = useSelector(actor, selectParticipants, (a, b) => a.join('\n') === b.join('\n'));
  return (
    <section aria-labelledby={`${base}-title`} className="mx-4 mb-4 flex flex-col gap-3" data-testid="thread">
      <h3 id={`${base}-title`} className="m-0 text-base font-semibold">
        {t('conversations.thread.title')}
      </h3>
      {participants.length > 0 ? (
        <p className="m-0 text-sm text-muted" data-testid="thread-participants">
          {t('conversations.thread.participants', { names: participants.join(', ') })}
        </p>
      ) : null}
      <AdminError error={error} />
      {error ? (
        <div>
          <Button variant="plain" onClick={() => actor.send({ type: 'thread.retried' })}>
            {t('conversations.retry')}
          </Button>
        </div>
      ) : null}
      {messages === null ? (
        !error && (
          <p role="status" className="text-sm text-muted">
            {t('app.loading')}
          </p>
        )
      ) : messages.length === 0 ? (
        <p className="text-sm text-muted">{t('conversations.thread.none')}</p>
      ) : (
        <ol className="m-0 flex list-none flex-col gap-2 p-0" aria-live="polite" data-testid="thread-messages">
          {messages.map((m) => (
            <li
              key={m.id}
              data-testid="thread-message"
              className={`flex flex-col gap-1 rounded-lg border px-3 py-2 ${m.mine ? 'ml-6 border-primary/40 bg-primary/5' : 'mr-6 border-line bg-panel'}`}
            >
              <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-semibold">
                  {m.mine ? t('conversations.thread.you') : (m.author ?? t('conversations.thread.someone'))}
                </span>
                <span className="text-xs text-muted">{formatDate(m.ts, true)}</span>
                {m.unread ? (
                  <span className="rounded bg-primary px-1.5 text-xs font-semibold text-white">{t('conversations.thread.new')}</span>
                ) : null}
              </div>
              <div className={RICH_TEXT} dangerouslySetInnerHTML={{ __html: sanitizeRichText(m.body) }} />
              {m.files.length > 0 ? (
                <ul className="m-0 flex list-none flex-wrap gap-2 p-0 text-sm" aria-label={t('conversations.thread.files')}>
                  {m.files.map((f) => (
                    <li key={f.id}>
                      <a
                        className="text-primary-ink underline dark:text-blue-300"
                        href={`/attachment/${f.id}/${encodeURIComponent(f.name)}`}
                        target="_blank"
                        rel="noreferrer"
                      >
                        {f.name}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Composer actor={actor} />
      <Resolved actor={actor} item={item} />
    </section>
  );
}

const BODY_DEF = MessageType.properties.body!;
const FILES_DEF = MessageType.properties.attachments!;
const HtmEdit = FIELD_KINDS.HTM!.Edit;
const AttEdit = FIELD_KINDS.ATT!.Edit;

/** Rich text and files; emptied once the server took the message. */
function Composer({ actor }: { actor: ThreadActorRef }) {
  const t = useT();
  const base = useId();
  const sending = useSelector(actor, selectSending);
  const error = useSelector(actor, selectSendError);
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<unknown>([]);
  // Each composer (and its file uploads) starts afresh once a message was sent.
  const [round, setRound] = useState(0);
  useEffect(() => {
    const subscription = actor.on('thread.posted', () => {
      setBody('');
      setFiles([]);
      setRound((r) => r + 1);
    });
    return () => subscription.unsubscribe();
  }, [actor]);
  const attached = (Array.isArray(files) ? files : []).filter(
    (f): f is { id: string } => typeof f === 'object' && f !== null && typeof (f as { id?: unknown }).id === 'string',
  );
  const send = () => actor.send({ type: 'thread.sent', body, attachments: attached.map((f) => ({ id: f.id })) });
  const fieldError = (name: string) => error?.fields?.[name] ?? null;
  return (
    <form
      className="flex flex-col gap-2 rounded-lg border border-line p-3"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      data-testid="thread-composer"
    >
      <span id={`${base}-body-label`} className="text-sm font-medium">
        {t('conversations.composer.label')}
      </span>
      <HtmEdit
        key={`body-${round}`}
        name="body"
        def={BODY_DEF}
        value={body}
        item={null}
        type={MessageType}
        inputId={`${base}-body`}
        errorId={`${base}-body-error`}
        error={fieldError('body')}
        shake={false}
        onChange={(v) => setBody(typeof v === 'string' ? v : '')}
        onBlur={() => undefined}
      />
      {fieldError('body') ? (
        <p id={`${base}-body-error`} className="m-0 text-sm text-red-700 dark:text-red-300">
          {t(fieldError('body')!)}
        </p>
      ) : null}
      <span className="text-sm font-medium">{t('conversations.composer.files')}</span>
      <AttEdit
        key={`files-${round}`}
        name="attachments"
        def={FILES_DEF}
        value={files}
        item={null}
        type={MessageType}
        inputId={`${base}-files`}
        errorId={`${base}-files-error`}
        error={fieldError('attachments')}
        shake={false}
        onChange={setFiles}
        onBlur={() => undefined}
      />
      {fieldError('attachments') ? (
        <p id={`${base}-files-error`} className="m-0 text-sm text-red-700 dark:text-red-300">
          {t(fieldError('attachments')!)}
        </p>
      ) : null}
      {error && !error.fields ? <AdminError error={error} /> : null}
      <div>
        <Button type="submit" disabled={sending}>
          {sending ? t('conversations.composer.sending') : t('conversations.composer.send')}
        </Button>
      </div>
    </form>
  );
}

/** The resolved toggle: saved at once (the server decides who may). */
function Resolved({ actor, item }: { actor: ThreadActorRef; item: Item }) {
  const t = useT();
  const saving = useSelector(actor, selectResolving);
  const error = useSelector(actor, selectResolveError);
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="h-4 w-4 accent-primary"
          checked={item.resolved === true}
          disabled={saving}
          onChange={(e) => actor.send({ type: 'thread.resolvedSet', resolved: e.target.checked, u: item._u })}
        />
        {t('conversations.resolve')}
      </label>
      <AdminError error={error} />
    </div>
  );
}
