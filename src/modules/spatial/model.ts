/**
 * The spatial module (spec 001 "Spatial", issue 17): a community's collections of places
 * (SpatialCollection), the places themselves (SpatialFeature, a GEO geometry each) and the GIS files
 * brought into a collection (GISCollection, made by the GIS import). Its item types, list, state
 * chart, menu, views, labels and icons (both sides). Map features streamed to the browser are not
 * stored: see mapFeatures.ts.
 */
import { spatialStates } from '../../../machines/spatial/spatialStates';
import type { ItemData, ItemTypeDef } from '../../shared/items/types';
import type { ModuleModel } from '../../shared/modules/ModuleModel';
import { spatialLabels } from './labels';
import { gisImportKinds } from './gisImportKind';
import { ARCHIVED, FEATURE_COUNT_RANGES, GIS_KINDS, holdsSpatial, SPATIAL, SPATIAL_STATES, SPL_TYPES } from './spatialRules';
import { spatialMenu, spatialViews } from './screens';
import { spatialOperations } from './operations';
import { overlapOperations } from './overlapOperations';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const LIST_FACET = { kind: 'terms' } as const;

/** The state both spatial types keep: moved by the server alone (machines/spatial/spatialStates.ts). */
const state = { kind: 'SEL', options: SPATIAL_STATES, readOnly: true, facet: LIST_FACET } as const;

/** Spec 001 §4: archived ones are hidden from results unless the state is asked about. */
const HIDDEN = { property: 'state', values: [ARCHIVED] } as const;

/** A community's group of places ("Harvest sites", "Trapline boundaries"), and the GIS files brought into it. */
export const SpatialCollectionType: ItemTypeDef = {
  name: 'SpatialCollection',
  defaultIcon: 'spatial_layers',
  defaultAccess: 'PROTECTED',
  hiddenStates: HIDDEN,
  properties: {
    label: { kind: 'textField', required: true, notBlank: true, maxLength: 300, sortable: true },
    spatialType: { kind: 'LOV', list: SPL_TYPES, facet: LIST_FACET },
    description: { kind: 'HTM', maxLength: 50_000 },
    owner: { kind: 'REL', relTypes: ['Organization'], required: true, facet: LIST_FACET },
    state,
    /** The GIS files brought into it (the GIS import reads them from here). */
    files: { kind: 'ATT' },
  },
  label: (item: ItemData) => text(item.label),
  // No subtitle: a related list would show a kind of place by its key (RelatedList's subtitleOf).
  listItem: { title: 'label', icon: 'spatial_layers' },
  defaultHeaders: ['label', 'spatialType', 'owner', 'state'],
};

/** One place: its geometry, what kind of place it is, who knows about it. */
export const SpatialFeatureType: ItemTypeDef = {
  name: 'SpatialFeature',
  defaultIcon: 'spatial_place',
  // Spec 001 §9: spatial work items teal.
  mapStyle: { colour: 'teal' },
  hiddenStates: HIDDEN,
  // Spec 001 "access": the core's visibility of every item ($access), PROTECTED unless chosen.
  defaultAccess: 'PROTECTED',
  properties: {
    label: { kind: 'textField', required: true, notBlank: true, maxLength: 300, sortable: true },
    spatialType: { kind: 'LOV', list: SPL_TYPES, facet: LIST_FACET },
    description: { kind: 'HTM', maxLength: 50_000 },
    geometry: { kind: 'GEO' },
    collection: { kind: 'REL', relTypes: ['SpatialCollection'], facet: LIST_FACET },
    owner: { kind: 'REL', relTypes: ['Organization'], required: true },
    contact: { kind: 'REL', relTypes: ['Contact'] },
    secondaryContacts: { kind: 'REL', relTypes: ['Contact'], multiple: true },
    state,
    /** The GIS file it was read from (set by the GIS import; the server counts them on it). */
    importedVia: { kind: 'REL', relTypes: ['GISCollection'], readOnly: true },
    /** The source file's own properties of the feature, kept as read (set by the GIS import). */
    attributes: { kind: 'object', readOnly: true },
    files: { kind: 'ATT' },
  },
  orgContacts: [
    { org: 'owner', contacts: 'contact' },
    { org: 'owner', contacts: 'secondaryContacts' },
  ],
  label: (item: ItemData) => text(item.label),
  listItem: { title: 'label', icon: 'spatial_place' },
  defaultHeaders: ['label', 'spatialType', 'collection', 'state'],
  layout: {
    sections: [
      { key: 'details', properties: ['label', 'spatialType', 'state', 'collection'] },
      { key: 'where', t: 'types.SpatialFeature.section.where', properties: ['geometry'], wide: true },
    ],
    side: ['owner', 'contact', 'secondaryContacts', 'importedVia'],
  },
};

/** One GIS file imported into a SpatialCollection: made and kept by the server (the GIS import). */
export const GISCollectionType: ItemTypeDef = {
  name: 'GISCollection',
  defaultIcon: 'spatial_file',
  defaultAccess: 'PROTECTED',
  properties: {
    /** The file's name. */
    name: { kind: 'textField', required: true, notBlank: true, maxLength: 300, sortable: true, readOnly: true },
    /** The Import that brought it. */
    source: { kind: 'REL', relTypes: ['Import'], readOnly: true },
    kind: { kind: 'SEL', options: GIS_KINDS, readOnly: true, facet: LIST_FACET },
    containedAs: { kind: 'REL', relTypes: ['SpatialCollection'], readOnly: true, facet: LIST_FACET },
    owner: { kind: 'REL', relTypes: ['Organization'], readOnly: true, related: false },
    /** How many SpatialFeatures were read from it (importedVia it), kept by the server. */
    featureCount: {
      kind: 'NUM',
      number: 'INTEGER',
      readOnly: true,
      sortable: true,
      facet: { kind: 'numericRanges', ranges: FEATURE_COUNT_RANGES },
    },
  },
  label: (item: ItemData) => text(item.name),
  listItem: { title: 'name', subtitle: 'featureCount', icon: 'spatial_file' },
  defaultHeaders: ['name', 'kind', 'containedAs', 'featureCount'],
};

/** The spatial module's declaration (docs/modules.md). */
export const spatialModule: ModuleModel = {
  name: 'spatial',
  capability: SPATIAL,
  itemTypes: [SpatialCollectionType, SpatialFeatureType, GISCollectionType],
  // Spec 001 §6: spatial types need create on SpatialCollection.
  lists: [{ name: SPL_TYPES, editRight: { action: 'create', type: 'SpatialCollection' } }],
  menu: spatialMenu,
  views: spatialViews,
  operations: { ...spatialOperations, ...overlapOperations },
  // Spec 001's RWF_SPATIAL: the overlap report on the item's area, run as the step opens (overlapServer.ts).
  stepKinds: [
    {
      kind: 'RWF_SPATIAL',
      label: 'workflow.steps.RWF_SPATIAL',
      properties: {
        bufferM: { kind: 'NUM', number: 'NATURAL', t: 'workflow.stepProps.bufferM' },
        spatialTypes: { kind: 'LOV', list: SPL_TYPES, multiple: true, t: 'workflow.stepProps.spatialTypes' },
        overlapping: { kind: 'NUM', readOnly: true, t: 'workflow.stepProps.overlapping' },
        nearby: { kind: 'NUM', readOnly: true, t: 'workflow.stepProps.nearby' },
        hiddenPlaces: { kind: 'NUM', readOnly: true, t: 'workflow.stepProps.hiddenPlaces' },
      },
    },
  ],
  stateCharts: [
    { type: 'SpatialCollection', property: 'state', chart: spatialStates },
    { type: 'SpatialFeature', property: 'state', chart: spatialStates },
  ],
  cards: [
    // The places most recently added or changed that the reader may read: active ones.
    {
      key: 'spatial.recent',
      title: 'dashboard.spatial.recent',
      size: 'THIRD',
      kind: 'list',
      type: 'SpatialFeature',
      must: { 't-state': 'ACTIVE' },
      sort: [{ key: 'updated', order: 'desc' }],
      empty: 'dashboard.spatial.none',
      show: holdsSpatial,
    },
  ],
  importKinds: gisImportKinds,
  labels: spatialLabels,
  icons: {
    // "layers": stacked sheets, a collection of places.
    spatial_layers: 'm11.99 18.54-7.37-5.73L3 14.07l9 7 9-7-1.63-1.27zM12 16l7.36-5.73L21 9l-9-7-9 7 1.63 1.27z',
    // "place": a map pin.
    spatial_place:
      'M12 2C8.13 2 5 5.13 5 9c0 5.25 7 13 7 13s7-7.75 7-13c0-3.87-3.13-7-7-7m0 9.5c-1.38 0-2.5-1.12-2.5-2.5s1.12-2.5 2.5-2.5 2.5 1.12 2.5 2.5-1.12 2.5-2.5 2.5',
    // "map": a folded map.
    spatial_map:
      'm20.5 3-.16.03L15 5.1 9 3 3.36 4.9c-.21.07-.36.25-.36.48V20.5c0 .28.22.5.5.5l.16-.03L9 18.9l6 2.1 5.64-1.9c.21-.07.36-.25.36-.48V3.5c0-.28-.22-.5-.5-.5M15 19l-6-2.11V5l6 2.11z',
    // "file_present": a file with a mark, a GIS file brought in.
    spatial_file:
      'M15 2H6c-1.1 0-2 .9-2 2v16c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V7zM6 20V4h8v4h4v12zm10-10v5c0 2.21-1.79 4-4 4s-4-1.79-4-4V8.5a2.5 2.5 0 0 1 5 0V15h-2V8.5c0-.28-.22-.5-.5-.5s-.5.22-.5.5V15c0 1.1.9 2 2 2s2-.9 2-2v-5z',
    // "storage": stacked drives, the data group.
    spatial_data: 'M2 20h20v-4H2zm2-3h2v2H4zM2 4v4h20V4zm4 3H4V5h2zm-4 7h20v-4H2zm2-3h2v2H4z',
  },
};
