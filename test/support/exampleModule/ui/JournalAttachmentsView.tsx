/** The journal's files: a search of the virtual type journalAttachment, with the core's results, facets and zip export. */
import { useEffect } from 'react';
import type { ResultsSettings } from '../../../../machines/search/searchResultsQuery';
import { useT } from '../../../../src/client/i18n/useT';
import type { CellViewProps } from '../../../../src/client/layout/CellViewProps';
import { SearchResultsOf } from '../../../../src/client/search/SearchResultsView';
import { JOURNAL_ATTACHMENT } from '../model';

/** The files of every entry the user may read, as a table (the entry's title, date and state beside each). */
const SETTINGS: Partial<ResultsSettings> = { itemTypeName: JOURNAL_ATTACHMENT, displayAs: 'TABLE' };

export function JournalAttachmentsView({ cell, spec }: CellViewProps) {
  const t = useT();
  const title = t(`views.${spec.key}`);
  useEffect(() => cell.send({ type: 'cell.described', title, icon: 'attachment' }), [cell, title]);
  return <SearchResultsOf cell={cell} settings={SETTINGS} />;
}
