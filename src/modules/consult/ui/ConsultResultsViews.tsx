/**
 * The consultation module's search views (spec 001 §2): projects, the organisations and people taking
 * part, the consultations' files (zip export), communication logs about consultations and meetings.
 * Each is the core's results over criteria of its own, with a "New …" button where one is made here.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, type ComponentType } from 'react';
import { resourceMachine, selectResourceData, selectResourceError } from '../../../../machines/session/resourceMachine';
import { AdminError } from '../../../client/admin/AdminError';
import { useCellViewActor } from '../../../client/layout/useCellViewActor';
import { itemTypes } from '../../../shared/itemTypes';
import { callOf } from '../../../shared/protocol/operationCall';
import { operations } from '../../../shared/protocol/operations';
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

const ConsultCommLogsView = resultsView({
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

/**
 * The conversations about consultations and their responses (spec 001 §2 consult.communications),
 * above the communication logs; asked for only when the conversations module registers threads, so
 * the view works without it.
 */
const THREADS = callOf(operations.search, {
  must: { _: 'Thread', 'fw-context': ['Consultation-*', 'ConsultResponse-*'] },
  sort: [{ key: '$sortTS', order: 'desc' }],
  labels: true,
  max: 50,
});
const selectThreads = selectResourceData(THREADS);

function ConsultThreads({ cell, fromKey }: { cell: CellViewProps['cell']; fromKey: string }) {
  const t = useT();
  const base = useId();
  const { router } = useActors();
  const actor = useCellViewActor(cell, 'consult-threads', resourceMachine, { load: THREADS });
  const found = useSelector(actor ?? undefined, (s) => (s ? selectThreads(s) : null));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectResourceError(s) : null));
  if (!found?.ids.length && !error) return null;
  return (
    <section aria-labelledby={`${base}-threads`} className="mx-4 mt-3 flex flex-col gap-2" data-testid="consult-threads">
      <h3 id={`${base}-threads`} className="m-0 text-base font-semibold">
        {t('consult.communications.threads')}
      </h3>
      <AdminError error={error} />
      <ul className="m-0 flex list-none flex-col gap-1 p-0">
        {(found?.ids ?? []).map((id) => (
          <li key={id}>
            <button
              type="button"
              className="text-left text-primary-ink underline dark:text-blue-300"
              onClick={() => router.send({ type: 'router.opened', fromKey, segment: `i-${id}` })}
            >
              {found?.labels[id] ?? ''}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ConsultCommunicationsView(props: CellViewProps) {
  return (
    <>
      {itemTypes.get('Thread') ? <ConsultThreads cell={props.cell} fromKey={props.spec.key} /> : null}
      <ConsultCommLogsView {...props} />
    </>
  );
}

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
