/**
 * TABLE display: columns from the type's default headers, sorted by a click on a sortable heading,
 * virtualised so that ten thousand rows scroll smoothly; rows are read as they come into view.
 */
import { useSelector } from '@xstate/react';
import type { SearchResultsActorRef } from '../../../machines/search/searchResultsMachine';
import {
  selectResultIds,
  selectResultLabels,
  selectResultRows,
  selectResultsSettings,
  selectSelectedResult,
} from '../../../machines/search/searchResultsSelectors';
import type { Item } from '../../shared/items/types';
import { itemTypes } from '../../shared/itemTypes';
import { formatDate } from '../items/fields/formatDate';
import { useT } from '../i18n/useT';
import { useItemLink } from '../items/display/useItemLink';
import { useTypeLabel } from '../items/display/useTypeLabel';
import { columnsTypeOf, resultColumns, type ResultColumn } from './resultColumns';
import { useAdminColumns } from './useAdminColumns';
import { ResultPlaceholder } from './ResultPlaceholder';
import { ResultValue } from './ResultValue';
import { useOpenResult } from './useOpenResult';
import { useResultsVirtualizer } from './useResultsVirtualizer';

const ROW_HEIGHT = 44;

function TitleLink({ id, label, onOpen }: { id: string; label: string; onOpen: (e: React.MouseEvent, id: string) => void }) {
  const link = useItemLink(id);
  return (
    <a
      {...link}
      onClickCapture={(e) => onOpen(e, id)}
      className="font-medium text-primary-ink underline-offset-2 hover:underline dark:text-blue-300"
    >
      {label}
    </a>
  );
}

function Cell({ item, column, general }: { item: Item; column: ResultColumn; general: boolean }) {
  const typeLabel = useTypeLabel();
  // A general search's name and type columns; a type's own `type` (an organisation's kind) is a property.
  if (general && column.key === 'label') return <>{item.$labels?.[item.$id] ?? item.$id}</>;
  if (general && column.key === 'type') return <>{typeLabel(item._t)}</>;
  return <ResultValue item={item} name={column.key} />;
}

/** The first column's text, the link to the item: its value as read (a date as DD-MMM-YYYY), else its label. */
function titleText(row: Item, key: string, general: boolean): string {
  const own = row.$labels?.[row.$id] ?? '';
  const def = general ? undefined : itemTypes.get(row._t)?.properties[key];
  const value = row[key];
  if (!def || (typeof value !== 'string' && typeof value !== 'number') || value === '') return own;
  if (def.kind === 'DT' || def.kind === 'DTM') return formatDate(String(value), def.kind === 'DTM');
  if (def.kind === 'textField' || def.kind === 'NUM') return String(value);
  return own;
}

/** The results as a sortable, virtualised table. */
export function ResultsTable({ results }: { results: SearchResultsActorRef }) {
  const t = useT();
  const ids = useSelector(results, selectResultIds);
  const rows = useSelector(results, selectResultRows);
  const labels = useSelector(results, selectResultLabels);
  const settings = useSelector(results, selectResultsSettings);
  const selected = useSelector(results, selectSelectedResult);
  const open = useOpenResult(results);
  const general = !columnsTypeOf(settings);
  const columns = resultColumns(columnsTypeOf(settings), useAdminColumns());
  const { scrollRef, virtualizer, items } = useResultsVirtualizer(results, ids, ROW_HEIGHT);
  const sort = settings.sortBy[0];
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div
      ref={scrollRef}
      tabIndex={0}
      aria-label={t('app.results.title')}
      className="max-h-[70vh] overflow-auto rounded border border-line focus-visible:outline-2 focus-visible:outline-primary"
    >
      <table className="w-full border-collapse text-left text-sm" aria-rowcount={ids.length + 1}>
        <thead className="sticky top-0 z-10 bg-panel">
          <tr aria-rowindex={1}>
            {columns.map((column) => {
              const order = sort?.key === column.key ? sort.order : null;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : undefined}
                  className="border-b border-line px-3 py-2 font-semibold text-ink"
                >
                  {column.sortable ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 rounded font-semibold text-ink hover:text-primary focus-visible:outline-2 focus-visible:outline-primary"
                      onClick={() => results.send({ type: 'results.sortClicked', key: column.key })}
                    >
                      {t(column.title)}
                      <span aria-hidden="true" className="text-xs text-muted">
                        {order === 'asc' ? '▲' : order === 'desc' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    t(column.title)
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {before > 0 ? <tr aria-hidden="true" style={{ height: before }} /> : null}
          {items.map((vi) => {
            const id = ids[vi.index]!;
            const row = rows[id];
            return (
              <tr
                key={id}
                aria-rowindex={vi.index + 2}
                data-item={id}
                className={`border-b border-line ${selected === id ? 'bg-primary/10' : 'hover:bg-primary/5'}`}
                style={{ height: ROW_HEIGHT }}
              >
                {row ? (
                  columns.map((column, n) => (
                    <td key={column.key} className="max-w-64 truncate px-3 py-1 text-ink">
                      {n === 0 ? (
                        <TitleLink id={id} label={titleText(row, column.key, general) || (labels[id] ?? id)} onOpen={open} />
                      ) : (
                        <Cell item={row} column={column} general={general} />
                      )}
                    </td>
                  ))
                ) : (
                  <td colSpan={columns.length}>
                    <ResultPlaceholder id={id} label={labels[id]} gone={row === null} />
                  </td>
                )}
              </tr>
            );
          })}
          {after > 0 ? <tr aria-hidden="true" style={{ height: after }} /> : null}
        </tbody>
      </table>
    </div>
  );
}
