/** Adds a member to the owner organisation: find a user by name or e-mail, then add the one meant. */
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import {
  selectCandidateSearch,
  selectMemberCandidates,
  selectOwnerSaveError,
  selectOwnerSavingKey,
  selectOwnerStatus,
  type OwnerActorRef,
} from '../../../machines/admin/ownerMachine';
import { SEARCH_MIN_TEXT } from '../../shared/constants';
import { useT } from '../i18n/useT';
import { Field } from '../pages/Field';
import { Button } from '../shell/Button';
import { AdminError } from './AdminError';

/** The add-a-member form with the users it found. */
export function OwnerMemberAdd({ actor }: { actor: OwnerActorRef }) {
  const t = useT();
  const [text, setText] = useState('');
  const candidates = useSelector(actor, selectMemberCandidates);
  const search = useSelector(actor, selectCandidateSearch);
  const status = useSelector(actor, selectOwnerStatus);
  const savingKey = useSelector(actor, selectOwnerSavingKey);
  const saveError = useSelector(actor, selectOwnerSaveError);
  const find = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim().length >= SEARCH_MIN_TEXT) actor.send({ type: 'owner.candidatesSearched', text: text.trim() });
  };
  return (
    <section aria-label={t('admin.owner.addForm')} className="flex flex-col gap-2 rounded border border-line bg-panel p-4">
      <form onSubmit={find} className="flex flex-wrap items-start gap-2" role="search" aria-label={t('admin.owner.findForm')}>
        <div className="min-w-48 flex-1">
          <Field
            label={t('admin.owner.find')}
            hint={t('admin.owner.findHint', { count: SEARCH_MIN_TEXT })}
            value={text}
            onChange={(e) => setText(e.target.value)}
            minLength={SEARCH_MIN_TEXT}
            maxLength={200}
            required
            type="search"
          />
        </div>
        <div className="pt-6">
          <Button type="submit">{t('admin.owner.search')}</Button>
        </div>
      </form>
      {savingKey === 'new' ? <AdminError error={saveError} /> : null}
      {search?.answered && candidates.length === 0 ? (
        <p role="status" className="text-sm text-muted">
          {t('admin.owner.noCandidates')}
        </p>
      ) : null}
      {candidates.length > 0 ? (
        <ul className="flex flex-col gap-1" aria-label={t('admin.owner.candidates')}>
          {candidates.map((c) => (
            <li key={c.userId} className="flex flex-wrap items-center justify-between gap-2 rounded border border-line px-3 py-2">
              <span className="min-w-0">
                <span className="font-medium text-ink">{c.name || c.email}</span>{' '}
                <span className="break-all text-sm text-muted">{c.email}</span>
              </span>
              <Button
                variant="plain"
                disabled={status !== 'READY'}
                aria-label={t('admin.owner.addUser', { name: c.name || c.email })}
                onClick={() => actor.send({ type: 'owner.memberAdded', userId: c.userId })}
              >
                {t('admin.owner.add')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
