/**
 * admin.workflows (spec 001 §2): the workflow templates the user reads, as the core's results, with
 * "New workflow" opening the template form (its ordered steps are the form's list of rows: added,
 * removed and moved there). The server decides who keeps them.
 */
import { useEffect } from 'react';
import { useT } from '../../../client/i18n/useT';
import type { CellViewProps } from '../../../client/layout/CellViewProps';
import { SearchResultsOf } from '../../../client/search/SearchResultsView';
import { ToolbarButton } from '../../../client/search/ToolbarButton';
import { useActors } from '../../../client/session/useActors';

export function WorkflowsView({ cell, spec }: CellViewProps) {
  const t = useT();
  const { router } = useActors();
  const title = t(`views.${spec.key}`);
  useEffect(() => cell.send({ type: 'cell.described', title, icon: 'account_tree' }), [cell, title]);
  const actions = (
    <ToolbarButton
      icon="add"
      label={t('workflow.templates.new')}
      named
      onClick={() => router.send({ type: 'router.opened', fromKey: spec.key, segment: 'i-Workflow-0' })}
    />
  );
  return (
    <SearchResultsOf
      cell={cell}
      settings={{ itemTypeName: 'Workflow', displayAs: 'TABLE', sortBy: [{ key: 'label', order: 'asc' }] }}
      actions={actions}
      empty={t('workflow.templates.empty')}
    />
  );
}
