/**
 * The consultation module (spec 001, issue 14): proponents submit consultations, a responder takes
 * them up and distributes them to communities, each community answers in its own response. Its
 * item types, lists, state charts, event kinds, virtual type, labels and icons (both sides).
 */
import { agreementStates } from '../../../machines/consult/agreementStates';
import { consultationStates } from '../../../machines/consult/consultationStates';
import { consultResponseStates } from '../../../machines/consult/consultResponseStates';
import { transitionKind } from '../../shared/events/EventKindDef';
import type { ItemData, ItemTypeDef, PropertyDef } from '../../shared/items/types';
import type { ModuleModel } from '../../shared/modules/ModuleModel';
import { AGREEMENT_KINDS } from './agreementKinds';
import { AGREEMENT_STATES, CONSULT_LISTS, CONSULT_ROLES, CONSULTATION_STATES, MISSING_REASONS, RESPONSE_STATES } from './consultRules';
import { consultIcons } from './icons';
import { cardLabels, consultCards } from './cards';
import { consultLabels } from './labels';
import { consultMenu, consultViews, screenLabels } from './screens';
import { consultWizards, wizardLabels } from './wizards';
import { consultOperations } from './operations';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The event appended to a consultation when it is distributed: the new responses are its `also`. */
export const CONSULT_DISTRIBUTED = 'consult.distributed';
/** The event appended, once, to a pending response whose anticipated response date has passed. */
export const CONSULT_OVERDUE = 'consult.overdue';
/** The virtual type of the consultations' files (spec 001 §3 consultAttachment). */
export const CONSULT_ATTACHMENT = 'consultAttachment';

const LIST_FACET = { kind: 'terms' } as const;

/** The consultation's properties a response mirrors, kept in step by the server (its change hook). */
export const MIRRORED: Readonly<Record<string, string>> = {
  projectName: 'projectName',
  identifiers: 'identifiers',
  region: 'region',
  stream: 'stream',
  projectType: 'projectType',
  primaryOrg: 'primaryOrg',
  requestedResponseDate: 'requestedResponseDate',
  projectStartDt: 'projectStartDt',
  projectEndDt: 'projectEndDt',
  // The consultation's own state, under a name of its own: the response has one too.
  state: 'consultationState',
};

/** The consultation's fields both it and its responses hold (the response's copies are the server's). */
const consultationFields = (mirror: boolean): Record<string, PropertyDef> => {
  const ro = mirror ? { readOnly: true } : {};
  return {
    projectName: { kind: 'textField', required: !mirror, notBlank: !mirror, maxLength: 300, sortable: true, ...ro },
    /** The proponent's and regulators' file numbers, permit and licence numbers. */
    identifiers: { kind: 'textField', maxLength: 500, ...ro },
    region: { kind: 'LOV', list: CONSULT_LISTS.regions, facet: LIST_FACET, ...ro },
    stream: { kind: 'LOV', list: CONSULT_LISTS.streams, facet: LIST_FACET, ...ro },
    projectType: { kind: 'LOV', list: CONSULT_LISTS.projectTypes, facet: LIST_FACET, ...ro },
    // An organisation lists the consultations it submitted (owner), not a second list by this relation.
    primaryOrg: { kind: 'REL', relTypes: ['Organization'], facet: LIST_FACET, ...ro, related: false },
    requestedResponseDate: { kind: 'DT', sortable: true, facet: { kind: 'dateRanges' }, ...ro },
    projectStartDt: { kind: 'DT', sortable: true, ...ro },
    projectEndDt: { kind: 'DT', sortable: true, ...ro },
  };
};

/** What a consultation's and a response's maps draw: the project's area and features, the communities' territories. */
const CONSULT_MAP_TYPES = ['Consultation', 'ConsultProjectFeature', 'ConsultCommunityTerritory'] as const;

/** A proponent's request to consult a community about a project on the land. */
export const ConsultationType: ItemTypeDef = {
  name: 'Consultation',
  defaultIcon: 'assignment',
  // Its project area, in the study area red of spec 001 §9.
  mapStyle: { colour: 'red' },
  // On its screen: its project area and features, and the territories of the communities consulted.
  mapLayers: { via: ['communities'], types: CONSULT_MAP_TYPES },
  defaultAccess: 'PROTECTED',
  dateRanges: [['projectStartDt', 'projectEndDt']],
  properties: {
    /** The organisation that submits it: its writers holding the submit capability keep it. */
    owner: { kind: 'REL', relTypes: ['Organization'], required: true },
    ...consultationFields(false),
    primaryContacts: { kind: 'REL', relTypes: ['Contact'], multiple: true },
    /** The other organisations concerned, each with its part (PROPONENT, REGULATOR, INFORMED). */
    supOrgs: {
      kind: 'ARR',
      maxItems: 50,
      of: {
        org: { kind: 'REL', relTypes: ['Organization'], required: true },
        role: { kind: 'SEL', options: CONSULT_ROLES, required: true },
      },
    },
    /** People of the supporting organisations (each belongs to one of them). */
    supContacts: { kind: 'REL', relTypes: ['Contact'], multiple: true },
    projectDescription: { kind: 'HTM', maxLength: 50_000 },
    locationDescription: { kind: 'HTM', maxLength: 20_000 },
    accessRequirements: { kind: 'HTM', maxLength: 20_000 },
    /** Hectares of new cut the project would clear (spec 001 §3, exported). */
    areaOfNewCut: { kind: 'NUM', number: 'FLOAT' },
    attachments: { kind: 'ATT' },
    /** Where it is in its life: moved by the server alone (machines/consult/consultationStates.ts). */
    state: { kind: 'SEL', options: CONSULTATION_STATES, readOnly: true, facet: LIST_FACET },
    /** The communities it was distributed to (act/consultDistribute). */
    communities: { kind: 'REL', relTypes: ['Organization'], multiple: true, readOnly: true, related: false },
    /** When the proponent's submission was last accepted (a return and a new submission move it on). */
    submitted: { kind: 'DTM', readOnly: true, sortable: true },
    /**
     * The project's whole area as one GeoJSON geometry (spec 001 §3), drawn on a map;
     * its named parts are ConsultProjectFeature items.
     */
    projectArea: { kind: 'GEO' },
    /** When it was first distributed. */
    distributed: { kind: 'DTM', readOnly: true, sortable: true },
    /** What a submission still lacks, while it is a draft or incomplete: derived by the server, never stored. */
    $missing: { kind: 'SEL', options: MISSING_REASONS, multiple: true, readOnly: true },
  },
  orgContacts: [{ org: 'primaryOrg', contacts: 'primaryContacts', optional: true }],
  label: (item: ItemData) => text(item.projectName),
  listItem: { title: 'projectName', subtitle: 'requestedResponseDate', icon: 'assignment' },
  defaultHeaders: ['projectName', 'state', 'region', 'projectType', 'requestedResponseDate'],
};

/** One community's response to a consultation; the consultation's main fields mirrored on it. */
export const ConsultResponseType: ItemTypeDef = {
  name: 'ConsultResponse',
  defaultIcon: 'rate_review',
  defaultAccess: 'PROTECTED',
  adminCreateOnly: true,
  workflow: true,
  workflowOutcome: 'response.respond',
  // On its screen: the consultation's project area and features, and the responding community's territory.
  mapLayers: { via: ['consultation', 'owner'], types: CONSULT_MAP_TYPES },
  properties: {
    consultation: { kind: 'REL', relTypes: ['Consultation'], required: true, readOnly: true },
    /**
     * The community that answers (spec 001 "community"): its members, alone among communities, read it.
     * Its facet and export column are the administrators' (spec 001 §2), not in a dedicated deployment.
     */
    owner: { kind: 'REL', relTypes: ['Organization'], required: true, readOnly: true, facet: LIST_FACET, adminOnly: true },
    state: { kind: 'SEL', options: RESPONSE_STATES, readOnly: true, facet: LIST_FACET },
    priority: { kind: 'LOV', list: CONSULT_LISTS.priorities, facet: LIST_FACET },
    outcome: { kind: 'LOV', list: CONSULT_LISTS.outcomes, facet: LIST_FACET },
    /** The community's own people who follow it: told when it becomes overdue. */
    internalContacts: { kind: 'REL', relTypes: ['Contact'], multiple: true },
    /** When the community expects to answer; a PENDING response past it is overdue. */
    anticipatedResponse: { kind: 'DT', sortable: true, facet: { kind: 'dateRanges' } },
    notes: { kind: 'HTM', maxLength: 50_000 },
    attachments: { kind: 'ATT' },
    ...consultationFields(true),
    consultationState: { kind: 'SEL', options: CONSULTATION_STATES, readOnly: true, facet: LIST_FACET },
    /** The community's name when it was distributed: its label says whose response it is (a responder's lists hold several). */
    communityName: { kind: 'textField', maxLength: 300, readOnly: true, internal: true },
  },
  orgContacts: [{ org: 'owner', contacts: 'internalContacts' }],
  label: (item: ItemData) => [text(item.projectName), text(item.communityName)].filter(Boolean).join(' · '),
  listItem: { title: 'projectName', subtitle: 'anticipatedResponse', icon: 'rate_review' },
  defaultHeaders: ['projectName', 'owner', 'state', 'priority', 'anticipatedResponse'],
};

/** The parts a response belongs to, and the community it is of (the same as its response's: the server checks). */
const responsePart: Record<string, PropertyDef> = {
  response: { kind: 'REL', relTypes: ['ConsultResponse'], required: true },
  // Listed on their response, not among everything an organisation holds.
  owner: { kind: 'REL', relTypes: ['Organization'], required: true, related: false },
};

/** A titled part of a community's response (its letter's sections). */
export const ConsultResponseSectionType: ItemTypeDef = {
  name: 'ConsultResponseSection',
  defaultIcon: 'subject',
  defaultAccess: 'PROTECTED',
  properties: {
    ...responsePart,
    title: { kind: 'textField', required: true, notBlank: true, maxLength: 300, sortable: true },
    order: { kind: 'NUM', number: 'NATURAL', sortable: true },
    body: { kind: 'HTM', maxLength: 100_000 },
  },
  label: (item: ItemData) => text(item.title),
  listItem: { title: 'title', icon: 'subject' },
  defaultHeaders: ['order', 'title'],
};

/** A concern a community raises about a project (CNS_PROBLEMS), in a response or one of its sections. */
export const ConsultResponseConcernType: ItemTypeDef = {
  name: 'ConsultResponseConcern',
  defaultIcon: 'report_problem',
  defaultAccess: 'PROTECTED',
  properties: {
    ...responsePart,
    section: { kind: 'REL', relTypes: ['ConsultResponseSection'] },
    problem: { kind: 'LOV', list: CONSULT_LISTS.problems, required: true, facet: LIST_FACET },
    summary: { kind: 'textField', required: true, notBlank: true, maxLength: 300, sortable: true },
    description: { kind: 'HTM', maxLength: 50_000 },
  },
  label: (item: ItemData) => text(item.summary),
  listItem: { title: 'summary', subtitle: 'problem', icon: 'report_problem' },
  defaultHeaders: ['summary', 'problem'],
};

/** A GeoJSON geometry drawn on a map (the GEO kind checks its shape). */
const geometry: PropertyDef = { kind: 'GEO', required: true };

/** A part of a project's area on the land (spec 001 map features), drawn by the proponent. */
export const ConsultProjectFeatureType: ItemTypeDef = {
  name: 'ConsultProjectFeature',
  defaultIcon: 'map',
  // A part of the project's area: the study area red of spec 001 §9, like the consultation's own area.
  mapStyle: { colour: 'red' },
  defaultAccess: 'PROTECTED',
  properties: {
    consultation: { kind: 'REL', relTypes: ['Consultation'], required: true },
    // Listed on its consultation, not among everything an organisation holds.
    owner: { kind: 'REL', relTypes: ['Organization'], required: true, related: false },
    label: { kind: 'textField', required: true, notBlank: true, maxLength: 300, sortable: true },
    description: { kind: 'HTM', maxLength: 20_000 },
    geometry,
  },
  label: (item: ItemData) => text(item.label),
  listItem: { title: 'label', icon: 'map' },
  defaultHeaders: ['label', 'consultation'],
};

/** A community's territory, against which consultations are read (spec 001 map features). */
export const ConsultCommunityTerritoryType: ItemTypeDef = {
  name: 'ConsultCommunityTerritory',
  defaultIcon: 'map',
  // Spec 001 §9: consult territory orange with radius 5.
  mapStyle: { colour: 'orange', radius: 5 },
  defaultAccess: 'PROTECTED',
  properties: {
    owner: { kind: 'REL', relTypes: ['Organization'], required: true },
    label: { kind: 'textField', required: true, notBlank: true, maxLength: 300, sortable: true },
    description: { kind: 'HTM', maxLength: 20_000 },
    geometry,
  },
  label: (item: ItemData) => text(item.label),
  listItem: { title: 'label', icon: 'map' },
  defaultHeaders: ['label', 'owner'],
};

/** A decision issued to or by an organisation (a permit, an order, a licence: ORG_DISPOSITION_TYPES). */
export const DispositionType: ItemTypeDef = {
  name: 'Disposition',
  defaultIcon: 'gavel',
  defaultAccess: 'PROTECTED',
  // On its screen: the areas it covers on the land (its DispositionFeature items).
  mapLayers: { via: [], types: ['DispositionFeature'] },
  properties: {
    owner: { kind: 'REL', relTypes: ['Organization'], required: true },
    title: { kind: 'textField', required: true, notBlank: true, maxLength: 300, sortable: true },
    dispositionType: { kind: 'LOV', list: CONSULT_LISTS.dispositionTypes, required: true, facet: LIST_FACET },
    issued: { kind: 'DT', sortable: true, facet: { kind: 'dateRanges' } },
    description: { kind: 'HTM', maxLength: 50_000 },
    files: { kind: 'ATT' },
  },
  label: (item: ItemData) => text(item.title),
  listItem: { title: 'title', subtitle: 'issued', icon: 'gavel' },
  defaultHeaders: ['issued', 'title', 'dispositionType'],
};

/**
 * A part of the land a disposition covers (spec 001 "DispositionFeature": a permit's claim block, a
 * licence's cutblock), of its disposition's organisation; drawn on the disposition's screen.
 */
export const DispositionFeatureType: ItemTypeDef = {
  name: 'DispositionFeature',
  defaultIcon: 'map',
  defaultAccess: 'PROTECTED',
  properties: {
    disposition: { kind: 'REL', relTypes: ['Disposition'], required: true },
    // Listed on its disposition, not among everything an organisation holds.
    owner: { kind: 'REL', relTypes: ['Organization'], required: true, related: false },
    label: { kind: 'textField', required: true, notBlank: true, maxLength: 300, sortable: true },
    description: { kind: 'HTM', maxLength: 20_000 },
    geometry,
  },
  label: (item: ItemData) => text(item.label),
  listItem: { title: 'label', icon: 'map' },
  defaultHeaders: ['label', 'disposition'],
};

/** An agreement an organisation keeps with others; every saved version is kept (the module's table). */
export const AgreementType: ItemTypeDef = {
  name: 'Agreement',
  defaultIcon: 'description',
  defaultAccess: 'PROTECTED',
  dateRanges: [['effective', 'expires']],
  properties: {
    owner: { kind: 'REL', relTypes: ['Organization'], required: true },
    title: { kind: 'textField', required: true, notBlank: true, maxLength: 300, sortable: true },
    kind: { kind: 'SEL', options: AGREEMENT_KINDS, required: true, facet: LIST_FACET },
    /** The organisations it is made with. */
    with: { kind: 'REL', relTypes: ['Organization'], multiple: true },
    effective: { kind: 'DT', sortable: true },
    expires: { kind: 'DT', sortable: true },
    description: { kind: 'HTM', maxLength: 100_000 },
    files: { kind: 'ATT' },
    state: { kind: 'SEL', options: AGREEMENT_STATES, readOnly: true, facet: LIST_FACET },
  },
  label: (item: ItemData) => text(item.title),
  listItem: { title: 'title', subtitle: 'effective', icon: 'description' },
  defaultHeaders: ['title', 'kind', 'state', 'effective'],
};

/** The consultation module's declaration (docs/modules.md). */
export const consultModule: ModuleModel = {
  name: 'consult',
  itemTypes: [
    ConsultationType,
    ConsultResponseType,
    ConsultResponseSectionType,
    ConsultResponseConcernType,
    ConsultProjectFeatureType,
    ConsultCommunityTerritoryType,
    DispositionType,
    DispositionFeatureType,
    AgreementType,
  ],
  // Spec 001 §6: priorities need update on ConsultResponse, disposition types update on Organization.
  // Outcomes (update on Workflow) wait for the workflow module: until then the generic rule.
  lists: [
    { name: CONSULT_LISTS.regions },
    { name: CONSULT_LISTS.streams },
    { name: CONSULT_LISTS.projectTypes },
    { name: CONSULT_LISTS.problems },
    { name: CONSULT_LISTS.priorities, editRight: { action: 'update', type: 'ConsultResponse' } },
    { name: CONSULT_LISTS.outcomes },
    { name: CONSULT_LISTS.dispositionTypes, editRight: { action: 'update', type: 'Organization' } },
  ],
  menu: consultMenu,
  operations: consultOperations,
  stateCharts: [
    // Each accepted submission stamps its time (one found wanting goes to INCOMPLETE unstamped).
    {
      type: 'Consultation',
      property: 'state',
      chart: consultationStates,
      stamps: [{ event: 'consultation.submit', to: 'SUBMITTED', property: 'submitted' }],
    },
    { type: 'ConsultResponse', property: 'state', chart: consultResponseStates },
    { type: 'Agreement', property: 'state', chart: agreementStates },
  ],
  virtualTypes: [
    {
      name: CONSULT_ATTACHMENT,
      over: 'Attachment',
      parent: 'consultation',
      parentTypes: ['Consultation'],
      parentProperties: ['region', 'stream', 'projectType', 'primaryOrg', 'primaryContacts'],
    },
  ],
  eventKinds: [
    { kind: transitionKind('consultation.submit'), description: 'events.consult.submitted', uses: ['states'] },
    { kind: transitionKind('consultation.assign'), description: 'events.consult.assigned', uses: ['states'] },
    { kind: transitionKind('consultation.unassign'), description: 'events.consult.unassigned', uses: ['states'] },
    { kind: transitionKind('consultation.return'), description: 'events.consult.returned', uses: ['states'] },
    { kind: transitionKind('consultation.distribute'), description: 'events.consult.consulting', uses: ['states'] },
    { kind: transitionKind('consultation.respond'), description: 'events.consult.responded', uses: ['states'] },
    { kind: transitionKind('consultation.reopen'), description: 'events.consult.reopened', uses: ['states'] },
    { kind: transitionKind('consultation.close'), description: 'events.consult.closed', uses: ['states'] },
    { kind: transitionKind('consultation.withdraw'), description: 'events.consult.withdrawn', uses: ['states'] },
    { kind: CONSULT_DISTRIBUTED, description: 'events.consult.distributed', uses: ['also'] },
    { kind: CONSULT_OVERDUE, description: 'events.consult.overdue' },
  ],
  views: consultViews,
  wizards: consultWizards,
  cards: consultCards,
  labels: { ...consultLabels, ...wizardLabels, ...screenLabels, ...cardLabels },
  icons: consultIcons,
};
