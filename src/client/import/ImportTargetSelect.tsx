/**
 * The chooser of what an Import goes into, for a kind whose reader imports into an item
 * (ImportKindDef.reader.into): the items of that type the user may read, by label. Its list is its
 * machine's (machines/import/importTargetsMachine.ts); choosing sends the Import's machine the choice.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import {
  importTargetsMachine,
  selectImportTargets,
  selectImportTargetsError,
  selectImportTargetsLoading,
} from '../../../machines/import/importTargetsMachine';
import { useT } from '../i18n/useT';
import { useActors } from '../session/useActors';

interface Props {
  /** The type of the items offered. */
  type: string;
  /** The id chosen so far, if any. */
  value: string | null;
  disabled: boolean;
  onChoose: (id: string) => void;
}

/** A select of the items of `type`, by label. */
export function ImportTargetSelect({ type, value, disabled, onChoose }: Props) {
  const t = useT();
  const id = useId();
  const { connection } = useActors();
  const actor = useActorRef(importTargetsMachine, { input: { type, connection } });
  const targets = useSelector(actor, selectImportTargets);
  const loading = useSelector(actor, selectImportTargetsLoading);
  const error = useSelector(actor, selectImportTargetsError);
  return (
    <label htmlFor={id} className="flex max-w-full flex-col gap-1 text-sm text-muted">
      {t('types.Import.into')}
      <select
        id={id}
        value={value ?? ''}
        disabled={disabled || loading}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => e.target.value && onChoose(e.target.value)}
        className="max-w-full rounded border border-line bg-surface px-2 py-1 text-ink"
      >
        <option value="">{t(loading ? 'imports.loadingTargets' : 'imports.chooseInto', { type: t(`types.${type}`) })}</option>
        {targets.map((target) => (
          <option key={target.id} value={target.id}>
            {target.label}
          </option>
        ))}
      </select>
      {error ? (
        <span id={`${id}-error`} role="alert" className="text-red-800 dark:text-red-200">
          {t(error)}
        </span>
      ) : null}
    </label>
  );
}
