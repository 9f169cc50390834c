/**
 * The consultation module's search views (spec 001 §2): projects, the organisations and people taking
 * part, the consultations' files (zip export), communication logs about consultations and meetings.
 * Each is the core's results over criteria of its own, with a "New …" button where one is made here.
 */
import { useEffect, type ComponentType } from 'react';
import type { ResultsSettings } from '../../../../machines/search/searchResultsQuery';
import { useT } from '../../../client/i18n/useT';
import type { CellViewProps } from '../../../client/layout/CellViewProps';
import { SearchResultsOf } from '../../../client/search/SearchResultsView';
import { ToolbarButton } from '../../../client/search/ToolbarButton';
import { useActors } from '../../../client/session/useActors';
import { CONSULT_ATTACHMENT } from '../model';

/** The organisation kinds that take part in consultations: communities, and the proponents and regulators. */
export const PARTICIPANT_ORG_TYPES = ['COMMUNITY', 'INDUSTRY', 'GOVERNMENT', 'CONSULTANT'] as const;

interface ResultsViewDef {
  icon: string;
  settings: Partial<ResultsSettings>;
  /** Message key of what the empty results say. */
  empty: string;
  /** The type a "New …" button creates, and its label's message key. */
  create?: { type: string; label: string };
}

/** A results view over `def`'s criteria. */
function resultsView(def: ResultsViewDef): ComponentType<CellViewProps> {
  return function ConsultResultsView({ cell, spec }: CellViewProps) {
    const t = useT();
    const { router } = useActors();
    const title = t(`views.${spec.key}`);
    useEffect(() => cell.send({ type: 'cell.described', title, icon: def.icon }), [cell, title]);
    const create = def.create;
    const actions = create ? (
      <ToolbarButton
        icon="add"
        label={t(create.label)}
        named
        onClick={() => router.send({ type: 'router.opened', fromKey: spec.key, segment: `i-${create.type}-0` })}
      />
    ) : undefined;
    return <SearchResultsOf cell={cell} settings={def.settings} actions={actions} empty={t(def.empty)} />;
  };
}

export const ConsultProjectsView = resultsView({
  icon: 'assignment',
  settings: { itemTypeName: 'Consultation', displayAs: 'TABLE', sortBy: [{ key: 'requestedResponseDate', order: 'desc' }] },
  empty: 'consult.projects.empty',
  create: { type: 'Consultation', label: 'consult.projects.new' },
});

export const ConsultOrganizationsView = resultsView({
  icon: 'organization',
  settings: {
    itemTypeName: 'Organization',
    displayAs: 'TABLE',
    sortBy: [{ key: 'label', order: 'asc' }],
    criteria: { filters: [{ prop: 'type', kind: 'ft', value: [...PARTICIPANT_ORG_TYPES] }] },
  },
  empty: 'consult.organizations.empty',
});

export const ConsultContactsView = resultsView({
  icon: 'contact',
  settings: { itemTypeName: 'Contact', displayAs: 'TABLE', sortBy: [{ key: 'label', order: 'asc' }] },
  empty: 'consult.contacts.empty',
});

export const ConsultAttachmentsView = resultsView({
  icon: 'attachment',
  settings: { itemTypeName: CONSULT_ATTACHMENT, displayAs: 'TABLE' },
  empty: 'consult.attachments.empty',
});

export const ConsultCommunicationsView = resultsView({
  icon: 'forum',
  settings: {
    itemTypeName: 'CommLog',
    displayAs: 'TABLE',
    sortBy: [{ key: 'date', order: 'desc' }],
    // Logs about a consultation or one of its responses (a relation's ids by their type).
    criteria: { filters: [{ prop: 'context', kind: 'fw', value: ['Consultation-*', 'ConsultResponse-*'] }] },
  },
  empty: 'consult.communications.empty',
  create: { type: 'CommLog', label: 'consult.communications.new' },
});

export const ConsultMeetingsView = resultsView({
  icon: 'event',
  settings: {
    itemTypeName: 'Meeting',
    displayAs: 'TABLE',
    sortBy: [
      { key: 'date', order: 'desc' },
      { key: 'start', order: 'desc' },
    ],
  },
  empty: 'consult.meetings.empty',
  create: { type: 'Meeting', label: 'consult.meetings.new' },
});
