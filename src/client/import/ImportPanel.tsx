/**
 * The screen of an Import (docs/modules.md "Imports and exports"), below its properties: what it
 * imports, the file, a dry run's preview of the first rows, the run with its progress bar and stop
 * button, and the report of every row that failed (line, field, reason as labels). Its requests and
 * uploads are its machine's (machines/import/importMachine.ts); the outcome is the Import item.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import {
  importMachine,
  selectImportError,
  selectImportFile,
  selectImportRun,
  selectImportStep,
} from '../../../machines/import/importMachine';
import type { TasksContext } from '../../../machines/session/tasksMachine';
import { getAuth } from '../../../machines/systemIds';
import { importKinds } from '../../shared/imports/importKinds';
import { itemTypes } from '../../shared/itemTypes';
import type { ImportPreview, ImportProblem } from '../../shared/items/platformTypes/Import';
import type { Item } from '../../shared/items/types';
import { useT } from '../i18n/useT';
import type { ItemPanelProps } from '../items/itemPanels';
import { useItemAllowed } from '../items/useItemAllowed';
import { useSession } from '../session/SessionContext';
import { useActors } from '../session/useActors';
import { Button } from '../shell/Button';
import { ImportTargetSelect } from './ImportTargetSelect';

const count = (item: Item, name: string): number => (typeof item[name] === 'number' ? (item[name] as number) : 0);

/** The first rows a dry run read, as the file says them. */
function PreviewTable({ preview, caption }: { preview: ImportPreview; caption: string }) {
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="min-w-full border-collapse text-sm">
        <caption className="text-left font-medium text-ink">{caption}</caption>
        <thead>
          <tr>
            {preview.columns.map((c, i) => (
              <th key={i} scope="col" className="border-b border-line px-2 py-1 text-left font-medium text-muted">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) => (
                <td key={c} className="border-b border-line px-2 py-1 text-ink">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Every problem the last run found: its line (a reader's entry), the column by its label, and why. */
function Report({ problems, typeName, entries }: { problems: ImportProblem[]; typeName: string; entries: boolean }) {
  const t = useT();
  const type = itemTypes.get(typeName);
  // A property by its label; a column the file named that is none, as the file wrote it.
  const fieldLabel = (field: string): string =>
    !field
      ? t(entries ? 'imports.wholeEntry' : 'imports.wholeRow')
      : type && Object.hasOwn(type.properties, field)
        ? t(`types.${typeName}.${field}`)
        : field;
  return (
    <table className="mt-2 min-w-full border-collapse text-sm" data-testid="import-report">
      <caption className="text-left font-medium text-ink">{t('imports.problems', { count: problems.length })}</caption>
      <thead>
        <tr>
          <th scope="col" className="border-b border-line px-2 py-1 text-left font-medium text-muted">
            {t(entries ? 'imports.entry' : 'imports.line')}
          </th>
          <th scope="col" className="border-b border-line px-2 py-1 text-left font-medium text-muted">
            {t('imports.field')}
          </th>
          <th scope="col" className="border-b border-line px-2 py-1 text-left font-medium text-muted">
            {t('imports.reason')}
          </th>
        </tr>
      </thead>
      <tbody>
        {[...problems]
          .sort((a, b) => a.line - b.line)
          .map((p, i) => (
            <tr key={i}>
              <td className="border-b border-line px-2 py-1 text-ink">{p.line}</td>
              <td className="border-b border-line px-2 py-1 text-ink">{fieldLabel(p.field)}</td>
              <td className="border-b border-line px-2 py-1 text-ink">{t(p.reason)}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}

/** The Import's own screen: kind, file, preview, run and report. */
export function ImportPanel({ item, itemRef }: ItemPanelProps) {
  const t = useT();
  const session = useSession();
  const { connection, tasks } = useActors();
  const mayRun = useItemAllowed(itemRef, 'update') === true;
  const actor = useActorRef(importMachine, {
    input: {
      importId: item.$id,
      upload: session.getSnapshot().context.effects.upload,
      token: () => getAuth(session.system)?.getSnapshot().context.token ?? null,
      connection,
      tasks,
    },
  });
  const step = useSelector(actor, selectImportStep);
  const file = useSelector(actor, selectImportFile);
  const run = useSelector(actor, selectImportRun);
  const error = useSelector(actor, selectImportError);
  const percentage = useSelector(tasks, (s: { context: TasksContext }) =>
    run?.key ? (s.context.tasks.find((task) => task.key === run.key)?.percentageComplete ?? 0) : 0,
  );
  const kindId = useId();
  const fileId = useId();
  const kinds = [...importKinds().values()];
  const kind = typeof item.kind === 'string' ? importKinds().get(item.kind) : undefined;
  const busy = step !== 'IDLE';
  const status = typeof item.status === 'string' ? item.status : 'NEW';
  const preview = item.preview as ImportPreview | undefined;
  const problems = Array.isArray(item.report) ? (item.report as ImportProblem[]) : [];
  const hasFile = typeof item.file === 'object' && item.file !== null;
  // A kind whose module reads its files: its formats, and the item it imports into.
  const reader = kind?.def.reader;
  const into = typeof item.into === 'object' && item.into !== null ? ((item.into as { id?: unknown }).id as string | undefined) : undefined;
  const needsInto = !!reader?.into && !into;

  return (
    <section aria-labelledby={`import-${item.$id}`} className="mx-4 mb-4 flex flex-col gap-3 rounded border border-line p-3">
      <h3 id={`import-${item.$id}`} className="m-0 text-base font-medium text-ink">
        {t('imports.title')}
      </h3>
      {mayRun ? (
        <div className="flex flex-wrap items-end gap-3">
          <label htmlFor={kindId} className="flex max-w-full flex-col gap-1 text-sm text-muted">
            {t('types.Import.kind')}
            <select
              id={kindId}
              value={kind ? kind.def.kind : ''}
              disabled={busy}
              onChange={(e) => e.target.value && actor.send({ type: 'import.kindChosen', item, kind: e.target.value })}
              className="max-w-full rounded border border-line bg-surface px-2 py-1 text-ink"
            >
              <option value="">{t('imports.chooseKind')}</option>
              {kinds.map((k) => (
                <option key={k.def.kind} value={k.def.kind}>
                  {t(`imports.kinds.${k.def.kind}`)}
                </option>
              ))}
            </select>
          </label>
          {reader?.into ? (
            <ImportTargetSelect
              key={reader.into}
              type={reader.into}
              value={into ?? null}
              disabled={busy}
              onChoose={(id) => actor.send({ type: 'import.intoChosen', item, into: id })}
            />
          ) : null}
          <label htmlFor={fileId} className="flex flex-col gap-1 text-sm text-muted">
            {t(reader ? 'imports.fileOfKind' : 'imports.file')}
            <input
              id={fileId}
              type="file"
              accept={
                reader ? reader.accept.join(',') : '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
              }
              disabled={busy || !kind || needsInto}
              onChange={(e) => {
                const chosen = e.target.files?.[0];
                if (chosen) actor.send({ type: 'import.fileChosen', file: chosen });
                e.target.value = '';
              }}
              className="text-ink"
            />
          </label>
        </div>
      ) : null}
      {!mayRun && kind ? (
        <p className="m-0 text-sm text-ink">
          {t('types.Import.kind')}: {t(`imports.kinds.${kind.def.kind}`)}
        </p>
      ) : null}
      {!mayRun && into ? (
        <p className="m-0 text-sm text-ink">
          {t('types.Import.into')}: {item.$labels?.[into] ?? t('imports.hiddenTarget')}
        </p>
      ) : null}
      {kind ? (
        <p className="m-0 text-sm text-muted">
          {reader ? t(reader.hint) : t('imports.keyHint', { columns: kind.columns.join(', '), key: kind.def.key ?? '' })}
        </p>
      ) : null}
      {file ? (
        <p className="m-0 flex items-center gap-2 text-sm text-ink">
          {t('imports.uploading', { name: file.name })}
          <progress max={file.total || 1} value={file.sent} aria-label={t('imports.uploading', { name: file.name })} className="h-2 w-32" />
        </p>
      ) : null}
      {step === 'RUNNING' || step === 'STARTING' ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-ink">
          <span>{t(run?.dryRun ? 'imports.checking' : 'imports.running')}</span>
          <progress max={100} value={percentage} aria-label={t('imports.progress')} className="h-2 w-48" />
          <span>{t('imports.percent', { percent: percentage / 100 })}</span>
          {step === 'RUNNING' ? (
            <Button variant="plain" onClick={() => actor.send({ type: 'import.killRequested' })}>
              {t('imports.stop')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-800 dark:text-red-200">
          <span>{t(error)}</span>
          <Button variant="plain" onClick={() => actor.send({ type: 'import.errorDismissed' })}>
            {t('app.ok')}
          </Button>
        </div>
      ) : null}
      {status !== 'NEW' && status !== 'RUNNING' ? (
        <p className="m-0 text-sm text-ink" data-testid="import-outcome">
          {t(item.dryRun ? 'imports.outcome.preview' : 'imports.outcome.done', {
            status: t(`options.${status}`),
            rows: count(item, 'rows'),
            created: count(item, 'created'),
            updated: count(item, 'updated'),
            unchanged: count(item, 'unchanged'),
            failed: count(item, 'failed'),
          })}
        </p>
      ) : null}
      {mayRun && hasFile && !busy ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="plain" onClick={() => actor.send({ type: 'import.previewRequested' })}>
            {t('imports.preview')}
          </Button>
          <Button onClick={() => actor.send({ type: 'import.startRequested' })}>{t('imports.start')}</Button>
        </div>
      ) : null}
      {item.dryRun && preview && preview.columns.length ? <PreviewTable preview={preview} caption={t('imports.firstRows')} /> : null}
      {problems.length && kind ? <Report problems={problems} typeName={kind.def.type} entries={!!reader} /> : null}
    </section>
  );
}
