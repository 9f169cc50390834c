/**
 * Writing a new letter of a response: choose the community's letter and its recipients among the
 * consultation's contacts, read the template filled with the response's values (act/letterPreview),
 * then propose it for approval or keep it as a draft (act/letterCreate).
 */
import { useSelector } from '@xstate/react';
import { useId, useMemo, useState } from 'react';
import { resourceMachine, selectResourceData, selectResourceError, type ResourceError } from '../../../../machines/session/resourceMachine';
import { AdminError, useFieldError } from '../../../client/admin/AdminError';
import { useT } from '../../../client/i18n/useT';
import type { ItemPanelProps } from '../../../client/items/itemPanels';
import { useCellViewActor } from '../../../client/layout/useCellViewActor';
import { Button } from '../../../client/shell/Button';
import { callOf, type OperationCall } from '../../../shared/protocol/operationCall';
import { lettersOperations, type ResponseLetters } from '../operations';
import { LetterBody } from './LetterBody';

const FIELD_CLASS = 'rounded border border-line bg-surface px-2 py-1.5 text-sm text-ink';

interface Props {
  responseId: string;
  cell: ItemPanelProps['cell'];
  data: ResponseLetters;
  busy: boolean;
  error: ResourceError | null;
  onSave: (call: OperationCall) => void;
}

/** The "New letter" button, and the form it opens. */
export function NewLetter(props: Props) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <div>
        <Button onClick={() => setOpen(true)}>{t('letters.new.open')}</Button>
      </div>
    );
  return <NewLetterForm {...props} onClose={() => setOpen(false)} />;
}

function NewLetterForm({ responseId, cell, data, busy, error, onSave, onClose }: Props & { onClose: () => void }) {
  const t = useT();
  const base = useId();
  const fieldError = useFieldError(error);
  const [templateId, setTemplateId] = useState(data.templates[0]!.id);
  const [recipients, setRecipients] = useState<ReadonlySet<string>>(
    () => new Set(data.contacts.filter((c) => c.primary && c.email).map((c) => c.id)),
  );
  const toggle = (id: string) =>
    setRecipients((r) => {
      const next = new Set(r);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const create = (propose: boolean) => {
    onSave(callOf(lettersOperations.letterCreate, { responseId, templateId, recipients: [...recipients], propose }));
    onClose();
  };
  return (
    <form
      aria-labelledby={`${base}-title`}
      className="flex flex-col gap-3 rounded border border-line p-3"
      onSubmit={(e) => {
        e.preventDefault();
        create(true);
      }}
    >
      <h5 id={`${base}-title`} className="m-0 font-semibold">
        {t('letters.new.title')}
      </h5>
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor={`${base}-template`} className="font-medium text-muted">
          {t('letters.new.template')}
        </label>
        <select id={`${base}-template`} className={FIELD_CLASS} value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
          {data.templates.map((tpl) => (
            <option key={tpl.id} value={tpl.id}>
              {tpl.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="m-0 flex flex-col gap-1 border-0 p-0">
        <legend className="mb-1 text-sm font-medium text-muted">{t('letters.new.recipients')}</legend>
        {data.contacts.map((c) => (
          <label key={c.id} className="flex flex-wrap items-center gap-x-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-primary"
              checked={recipients.has(c.id)}
              disabled={!c.email}
              onChange={() => toggle(c.id)}
            />
            <span>{c.label}</span>
            <span className="break-all text-xs text-muted">{c.email ?? t('letters.new.noAddress')}</span>
          </label>
        ))}
        {fieldError('recipients') ? <p className="m-0 text-sm text-red-700 dark:text-red-300">{fieldError('recipients')}</p> : null}
      </fieldset>
      {/* One preview per template: a view actor keeps the input it was first asked with. */}
      <Preview key={templateId} responseId={responseId} templateId={templateId} cell={cell} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || recipients.size === 0}>
          {t('letters.new.propose')}
        </Button>
        <Button variant="plain" disabled={busy || recipients.size === 0} onClick={() => create(false)}>
          {t('letters.new.draft')}
        </Button>
        <Button variant="plain" onClick={onClose}>
          {t('letters.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The template filled with the response's values, as the letter would start. */
function Preview({ responseId, templateId, cell }: { responseId: string; templateId: string; cell: ItemPanelProps['cell'] }) {
  const t = useT();
  const load = useMemo(() => callOf(lettersOperations.letterPreview, { responseId, templateId }), [responseId, templateId]);
  const actor = useCellViewActor(cell, `letters-preview:${responseId}:${templateId}`, resourceMachine, { load });
  const preview = useSelector(actor ?? undefined, (s) => (s ? selectResourceData(load)(s) : null));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectResourceError(s) : null));
  return (
    <section aria-label={t('letters.new.preview')} className="rounded border border-dashed border-line p-3" data-testid="letter-preview">
      <p className="m-0 mb-2 text-xs font-medium uppercase tracking-wide text-muted">{t('letters.new.preview')}</p>
      <AdminError error={error} />
      {preview ? (
        <>
          <p className="m-0 mb-2 font-semibold text-ink">{preview.subject}</p>
          <LetterBody html={preview.body} />
        </>
      ) : error ? null : (
        <p role="status" className="m-0 text-sm text-muted">
          {t('app.loading')}
        </p>
      )}
    </section>
  );
}
