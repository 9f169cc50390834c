/**
 * One letter of a response: its subject and state, who proposed, approved, sent back and sent it and
 * when, its recipients, its text, the files it was sent as, and the moves and edits the chart and the
 * letter's state allow the signed-in user (the server decides again).
 */
import { useId, useMemo, useState } from 'react';
import { letterStates } from '../../../../machines/letters/letterStates';
import type { ResourceError } from '../../../../machines/session/resourceMachine';
import { useFieldError } from '../../../client/admin/AdminError';
import { useT } from '../../../client/i18n/useT';
import { formatDate } from '../../../client/items/fields/formatDate';
import { HtmField } from '../../../client/items/fields/HtmField';
import { Button } from '../../../client/shell/Button';
import { allowedTransitions, type StateCaller } from '../../../shared/items/stateCharts';
import { callOf, type OperationCall } from '../../../shared/protocol/operationCall';
import { operations } from '../../../shared/protocol/operations';
import { EDITABLE_STATES, type LetterEvent, type LetterState } from '../letterRules';
import { ResponseLetterType } from '../model';
import { lettersOperations, type LetterSummary } from '../operations';
import { LetterBody } from './LetterBody';

interface Props {
  letter: LetterSummary;
  mayWrite: boolean;
  caller: StateCaller | null;
  busy: boolean;
  /** Contact id to name, for the recipients. */
  names: ReadonlyMap<string, string>;
  error: ResourceError | null;
  onSave: (call: OperationCall) => void;
}

const STATE_LOOK: Record<string, string> = {
  DRAFT: 'bg-slate-500/15',
  PROPOSED: 'bg-amber-500/20',
  SENT_BACK: 'bg-red-500/15',
  APPROVED: 'bg-emerald-500/20',
  SENT: 'bg-sky-500/20',
};

/** A letter's card. */
export function LetterCard({ letter, mayWrite, caller, busy, names, error, onSave }: Props) {
  const t = useT();
  const base = useId();
  const [editing, setEditing] = useState(false);
  const [sendingBack, setSendingBack] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const moves = useMemo(() => {
    if (!mayWrite) return [];
    const subject = { createdBy: null, ownerOrg: null, data: { proposedBy: letter.proposedBy ? { id: letter.proposedBy } : undefined } };
    return allowedTransitions(letterStates, letter.state, caller, subject) as LetterEvent[];
  }, [mayWrite, letter.state, letter.proposedBy, caller]);
  const move = (event: LetterEvent, note?: string) =>
    onSave(callOf(lettersOperations.letterMove, { letterId: letter.id, _u: letter.u, event, ...(note ? { note } : {}) }));
  const at = (iso: string | null) => (iso ? formatDate(iso, true) : '');
  const recipients = letter.recipients.map((id) => names.get(id)).filter(Boolean);
  const editable = mayWrite && EDITABLE_STATES.includes(letter.state as LetterState);
  // A letter not under review nor approved may be thrown away (the server's delete rule says the same).
  const deletable = mayWrite && (letter.state === 'DRAFT' || letter.state === 'SENT_BACK');
  const ownProposal = letter.state === 'PROPOSED' && !!caller && letter.proposedBy === caller.userId;
  return (
    <article
      aria-labelledby={`${base}-subject`}
      className="flex flex-col gap-2 rounded border border-line bg-panel p-3"
      data-testid="letter"
    >
      <header className="flex flex-wrap items-center gap-2">
        <h5 id={`${base}-subject`} className="m-0 text-base font-semibold text-ink">
          {letter.subject}
        </h5>
        <span data-testid="letter-state" className={`rounded px-2 py-0.5 text-xs font-medium text-ink ${STATE_LOOK[letter.state] ?? ''}`}>
          {t(`options.${letter.state}`)}
        </span>
      </header>
      <ul className="m-0 flex list-none flex-col gap-0.5 p-0 text-sm text-muted">
        {recipients.length > 0 ? <li>{t('letters.to', { names: recipients.join(', ') })}</li> : null}
        {letter.proposedByName ? <li>{t('letters.proposedBy', { name: letter.proposedByName, date: at(letter.proposedAt) })}</li> : null}
        {letter.sentBackByName ? <li>{t('letters.sentBackBy', { name: letter.sentBackByName, date: at(letter.sentBackAt) })}</li> : null}
        {letter.sentBackNote ? <li className="text-ink">{t('letters.sentBackNote', { note: letter.sentBackNote })}</li> : null}
        {letter.approvedByName ? <li>{t('letters.approvedBy', { name: letter.approvedByName, date: at(letter.approvedAt) })}</li> : null}
        {letter.sentByName ? <li>{t('letters.sentBy', { name: letter.sentByName, date: at(letter.sentAt) })}</li> : null}
        {letter.delivery ? <li data-testid="letter-delivery">{t(`options.${letter.delivery}`)}</li> : null}
      </ul>
      {letter.files.length > 0 ? (
        <ul className="m-0 flex list-none flex-wrap gap-3 p-0 text-sm">
          {letter.files.map((f) => (
            <li key={f.id}>
              <a
                className="text-primary underline"
                href={`/attachment/${f.id}/${encodeURIComponent(f.originalName)}`}
                download={f.originalName}
              >
                {f.originalName}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {editing ? (
        <EditLetter letter={letter} error={error} busy={busy} onSave={onSave} onClose={() => setEditing(false)} />
      ) : (
        <details>
          <summary className="cursor-pointer text-sm text-primary">{t('letters.read')}</summary>
          <div className="mt-2 rounded border border-line p-3">
            <LetterBody html={letter.body} />
          </div>
        </details>
      )}
      {ownProposal ? <p className="m-0 text-sm text-muted">{t('letters.yourProposal')}</p> : null}
      {sendingBack ? (
        <SendBack
          busy={busy}
          onCancel={() => setSendingBack(false)}
          onSend={(note) => (move('letter.sendBack', note), setSendingBack(false))}
        />
      ) : deleting ? (
        <div role="group" aria-label={t('letters.delete.confirm')} className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-ink">{t('letters.delete.confirm')}</span>
          <Button
            disabled={busy}
            onClick={() => (onSave(callOf(operations.delete, { _u: letter.u }, { id: letter.id })), setDeleting(false))}
          >
            {t('letters.delete.yes')}
          </Button>
          <Button variant="plain" onClick={() => setDeleting(false)}>
            {t('letters.cancel')}
          </Button>
        </div>
      ) : !editing && (moves.length > 0 || editable) ? (
        <div role="group" aria-label={t('app.itemState.steps')} className="flex flex-wrap gap-2">
          {moves.map((event) => (
            <Button
              key={event}
              variant={event === 'letter.withdraw' || event === 'letter.sendBack' ? 'plain' : 'primary'}
              disabled={busy}
              onClick={() => (event === 'letter.sendBack' ? setSendingBack(true) : move(event))}
            >
              {t(`letters.move.${event}`)}
            </Button>
          ))}
          {editable ? (
            <Button variant="plain" disabled={busy} onClick={() => setEditing(true)}>
              {t('letters.edit')}
            </Button>
          ) : null}
          {deletable ? (
            <Button variant="plain" disabled={busy} onClick={() => setDeleting(true)}>
              {t('letters.delete')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/** The note that goes with a letter sent back. */
function SendBack({ busy, onSend, onCancel }: { busy: boolean; onSend: (note: string) => void; onCancel: () => void }) {
  const t = useT();
  const id = useId();
  const [note, setNote] = useState('');
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-muted">
        {t('letters.note')}
      </label>
      <textarea
        id={id}
        className="rounded border border-line bg-surface px-2 py-1.5 text-sm text-ink"
        rows={3}
        maxLength={2000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button disabled={busy} onClick={() => onSend(note)}>
          {t('letters.confirmSendBack')}
        </Button>
        <Button variant="plain" onClick={onCancel}>
          {t('letters.cancel')}
        </Button>
      </div>
    </div>
  );
}

/** The letter's subject and text, edited in the rich-text editor the item forms use. */
function EditLetter({
  letter,
  error,
  busy,
  onSave,
  onClose,
}: Pick<Props, 'letter' | 'error' | 'busy' | 'onSave'> & { onClose: () => void }) {
  const t = useT();
  const base = useId();
  const fieldError = useFieldError(error);
  const [subject, setSubject] = useState(letter.subject);
  const [body, setBody] = useState(letter.body);
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(callOf(lettersOperations.letterEdit, { letterId: letter.id, _u: letter.u, subject, body }));
        onClose();
      }}
    >
      <label htmlFor={`${base}-subject`} className="text-sm font-medium text-muted">
        {t('letters.subject')}
      </label>
      <input
        id={`${base}-subject`}
        className="rounded border border-line bg-surface px-2 py-1.5 text-sm text-ink"
        value={subject}
        maxLength={300}
        onChange={(e) => setSubject(e.target.value)}
      />
      <label htmlFor={`${base}-body`} className="text-sm font-medium text-muted">
        {t('letters.body')}
      </label>
      <HtmField.Edit
        name="body"
        def={ResponseLetterType.properties.body!}
        value={body}
        item={null}
        type={ResponseLetterType}
        inputId={`${base}-body`}
        errorId={`${base}-body-error`}
        error={fieldError('body') ?? null}
        shake={false}
        onChange={(v) => setBody(typeof v === 'string' ? v : '')}
        onBlur={() => undefined}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || subject.trim() === ''}>
          {t('letters.save')}
        </Button>
        <Button variant="plain" onClick={onClose}>
          {t('letters.cancel')}
        </Button>
      </div>
    </form>
  );
}
