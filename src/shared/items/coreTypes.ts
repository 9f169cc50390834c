import type { ItemData, ItemTypeDef } from './types';
import { ImportType } from './platformTypes/Import';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A person's account on the platform; created by administrators. */
export const UserType: ItemTypeDef = {
  name: 'User',
  defaultIcon: 'person',
  defaultAccess: 'PROTECTED',
  adminCreateOnly: true,
  properties: {
    name: { kind: 'textField', required: true, notBlank: true, maxLength: 200, sortable: true },
    email: { kind: 'textField', required: true, format: 'email', maxLength: 320, readOnly: true, onCreate: true },
    // The contact's own User panel shows its account: no list of one.
    contact: { kind: 'REL', relTypes: ['Contact'], related: false },
    dark: { kind: 'BOOL' },
    hideGuidance: { kind: 'BOOL' },
    multiColumns: { kind: 'BOOL' },
    notifyFrequency: { kind: 'SEL', options: ['IMMEDIATE', 'DIGEST', 'NONE'] },
    /** The newest what's-new version the user has seen, for the unseen count. */
    whatsNewSeen: { kind: 'textField', format: 'version', internal: true },
  },
  label: (item: ItemData) => text(item.name) || text(item.email),
  listItem: { title: 'name', subtitle: 'email', icon: 'person' },
  defaultHeaders: ['name', 'email'],
  layout: {
    sections: [
      { key: 'account', properties: ['name', 'email'] },
      { key: 'preferences', properties: ['notifyFrequency', 'dark', 'multiColumns', 'hideGuidance'] },
    ],
    side: ['contact'],
  },
};

/** A person the community deals with, signed-in user or not. */
export const ContactType: ItemTypeDef = {
  name: 'Contact',
  defaultIcon: 'contact',
  defaultAccess: 'PROTECTED',
  properties: {
    email: { kind: 'textField', format: 'email', maxLength: 320 },
    firstName: { kind: 'textField', maxLength: 100, sortable: true },
    middleName: { kind: 'textField', maxLength: 100 },
    lastName: { kind: 'textField', required: true, notBlank: true, maxLength: 100, sortable: true },
    mobilePhone: { kind: 'textField', format: 'phone' },
    officePhone: { kind: 'textField', format: 'phone' },
    otherPhone: { kind: 'textField', format: 'phone' },
    _related: { kind: 'REL', relTypes: ['Organization'], multiple: true, facet: { kind: 'terms' } },
    /** Photos, recordings and documents about the person; the first image is the contact's picture (/item-id-image). */
    attachments: { kind: 'ATT' },
  },
  label: (item: ItemData) => [text(item.firstName), text(item.lastName)].filter(Boolean).join(' ') || text(item.email),
  // Titled by the label (first and last name): a list of people sharing a last name must tell them apart.
  listItem: { subtitle: 'email', icon: 'contact' },
  defaultHeaders: ['firstName', 'lastName', 'email'],
  layout: {
    sections: [
      { key: 'name', properties: ['firstName', 'middleName', 'lastName'] },
      { key: 'contact', properties: ['email', 'mobilePhone', 'officePhone', 'otherPhone'] },
    ],
    side: ['_related'],
  },
};

/** Organisation types of spec 001 §3. */
export const ORGANIZATION_TYPES = [
  'COMMUNITY',
  'GOVERNMENT',
  'INDUSTRY',
  'CONSULTANT',
  'EDUCATION',
  'NOT_FOR_PROFIT',
  'INDIVIDUAL',
  'MUSEUM',
  'OTHER',
] as const;

/** A community, government, company or other body. */
export const OrganizationType: ItemTypeDef = {
  name: 'Organization',
  defaultIcon: 'organization',
  defaultAccess: 'COMMUNITY',
  adminCreateOnly: true,
  properties: {
    displayName: { kind: 'textField', required: true, notBlank: true, maxLength: 200, sortable: true },
    type: { kind: 'SEL', required: true, options: ORGANIZATION_TYPES, facet: { kind: 'terms' } },
    website: { kind: 'textField', format: 'url', maxLength: 2000 },
    industry: { kind: 'textField', maxLength: 200 },
    legalName: { kind: 'textField', maxLength: 200 },
    /** Agreements, letters, logos and recordings the organisation keeps; the first image is its picture. */
    attachments: { kind: 'ATT' },
  },
  label: (item: ItemData) => text(item.displayName),
  listItem: { title: 'displayName', subtitle: 'type', icon: 'organization' },
  defaultHeaders: ['displayName', 'type'],
  layout: { sections: [{ key: 'organization', properties: ['displayName', 'legalName', 'type', 'industry', 'website'] }] },
};

/** One value of an organisation's list of values, with its translations. */
export const LOVValueType: ItemTypeDef = {
  name: 'LOVValue',
  defaultIcon: 'list',
  defaultAccess: 'COMMUNITY',
  excludeGeneralSearch: true,
  properties: {
    list: { kind: 'textField', required: true, notBlank: true, maxLength: 100 },
    key: { kind: 'textField', required: true, notBlank: true, maxLength: 100 },
    owner: { kind: 'REL', relTypes: ['Organization'] },
    t: { kind: 'translations', required: true },
    state: { kind: 'SEL', options: ['ACTIVE', 'ARCHIVED'] },
  },
  label: (item: ItemData) => {
    const t = item.t as Record<string, string> | undefined;
    return text(t?.en) || text(item.key);
  },
  listItem: { title: 'key', subtitle: 'list', icon: 'list' },
  defaultHeaders: ['list', 'key'],
};

/** The item types of the core platform. */
export const coreTypes: readonly ItemTypeDef[] = [UserType, ContactType, OrganizationType, LOVValueType, ImportType];
