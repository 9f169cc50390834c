/**
 * The masquerade user picker (spec 000 §2): search users by name or email, or take one of the recent
 * targets; choosing one starts masquerading (the page reloads as that user).
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import {
  selectErrorKey,
  selectPickerOpen,
  selectRecent,
  selectResults,
  selectSearching,
  selectSwitching,
  selectText,
  type MasqueradeSnapshot,
  type MasqueradeTarget,
} from '../../../machines/session/masqueradeMachine';
import { SEARCH_MIN_TEXT } from '../../shared/constants';
import { useT } from '../i18n/useT';
import { useActors } from '../session/useActors';
import { Button } from '../shell/Button';
import { Modal } from '../shell/Modal';

const selectRecentKey = (s: MasqueradeSnapshot): string => JSON.stringify(selectRecent(s));
const selectResultsKey = (s: MasqueradeSnapshot): string => JSON.stringify(selectResults(s));

function Targets({ label, targets, disabled }: { label: string; targets: MasqueradeTarget[]; disabled: boolean }) {
  const t = useT();
  const { masquerade } = useActors();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h3 id={headingId} className="m-0 mb-1 text-xs font-semibold uppercase tracking-wide text-muted">
        {label}
      </h3>
      <ul className="m-0 flex list-none flex-col gap-1 p-0">
        {targets.map((target) => (
          <li key={target.id}>
            <button
              type="button"
              disabled={disabled}
              aria-label={t('app.masquerade.as', { label: target.label })}
              onClick={() => masquerade.send({ type: 'masquerade.started', target })}
              className="flex w-full items-center justify-between gap-2 rounded px-3 py-2 text-left text-sm text-ink hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60"
            >
              <span className="truncate">{target.label}</span>
              <span className="shrink-0 text-xs text-muted">{target.id}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The picker dialog, open while the masquerade actor is picking. */
export function MasqueradeDialog() {
  const t = useT();
  const { masquerade } = useActors();
  const open = useSelector(masquerade, selectPickerOpen);
  const text = useSelector(masquerade, selectText);
  const searching = useSelector(masquerade, selectSearching);
  const switching = useSelector(masquerade, selectSwitching);
  const errorKey = useSelector(masquerade, selectErrorKey);
  const recent = JSON.parse(useSelector(masquerade, selectRecentKey)) as MasqueradeTarget[];
  const results = JSON.parse(useSelector(masquerade, selectResultsKey)) as MasqueradeTarget[];
  const inputId = useId();
  const hintId = useId();
  const long = text.trim().length >= SEARCH_MIN_TEXT;
  return (
    <Modal
      open={open}
      title={t('app.masquerade.title')}
      onClose={() => masquerade.send({ type: 'masquerade.closed' })}
      actions={
        <Button variant="plain" onClick={() => masquerade.send({ type: 'masquerade.closed' })} disabled={switching}>
          {t('app.cancel')}
        </Button>
      }
    >
      <p className="m-0 mb-3 text-muted">{t('app.masquerade.intro')}</p>
      <label htmlFor={inputId} className="mb-1 block font-medium">
        {t('app.masquerade.search')}
      </label>
      <input
        id={inputId}
        type="search"
        autoComplete="off"
        value={text}
        aria-describedby={hintId}
        onChange={(event) => masquerade.send({ type: 'masquerade.typed', text: event.target.value })}
        className="w-full rounded border border-line bg-surface px-3 py-2 text-ink focus-visible:outline-2 focus-visible:outline-primary"
      />
      <p id={hintId} role="status" className="m-0 mt-1 text-xs text-muted">
        {switching
          ? t('app.masquerade.switching')
          : searching
            ? t('app.searching')
            : long && results.length === 0 && !errorKey
              ? t('app.masquerade.none')
              : t('app.masquerade.hint', { min: SEARCH_MIN_TEXT })}
      </p>
      {errorKey ? (
        <p role="alert" className="m-0 mt-2 text-red-700 dark:text-red-300">
          {t(errorKey)}
        </p>
      ) : null}
      {results.length > 0 ? <Targets label={t('app.masquerade.results')} targets={results} disabled={switching} /> : null}
      {recent.length > 0 ? <Targets label={t('app.masquerade.recent')} targets={recent} disabled={switching} /> : null}
    </Modal>
  );
}
