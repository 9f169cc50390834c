/**
 * The letter templates view (Consultation → Letter templates): the communities' templates the user may
 * read, a "New letter template" button (the generic form: organisation, letter, subject, text), and
 * the fields a text may use. The server checks who keeps them and refuses an unknown field.
 */
import { useEffect } from 'react';
import { useT } from '../../../client/i18n/useT';
import type { CellViewProps } from '../../../client/layout/CellViewProps';
import { SearchResultsOf } from '../../../client/search/SearchResultsView';
import { ToolbarButton } from '../../../client/search/ToolbarButton';
import { useActors } from '../../../client/session/useActors';
import { LETTER_FIELD_NAMES } from '../letterRules';

/** The view. */
export function LetterTemplatesView({ cell, spec }: CellViewProps) {
  const t = useT();
  const { router } = useActors();
  const title = t(`views.${spec.key}`);
  useEffect(() => cell.send({ type: 'cell.described', title, icon: 'letter' }), [cell, title]);
  const actions = (
    <ToolbarButton
      icon="add"
      label={t('letters.templates.new')}
      named
      onClick={() => router.send({ type: 'router.opened', fromKey: spec.key, segment: 'i-LetterTemplate-0' })}
    />
  );
  return (
    <div className="flex h-full flex-col">
      <p className="m-0 px-4 pt-3 text-sm text-muted">
        {t('letters.templates.fields', { fields: LETTER_FIELD_NAMES.map((f) => `{{${f}}}`).join(', ') })}
      </p>
      <div className="min-h-0 flex-1">
        <SearchResultsOf
          cell={cell}
          settings={{ itemTypeName: 'LetterTemplate', displayAs: 'TABLE', sortBy: [{ key: 'subject', order: 'asc' }] }}
          actions={actions}
          empty={t('letters.templates.empty')}
        />
      </div>
    </div>
  );
}
