import type { ItemData, ItemTypeDef } from '../types';

/** One what's-new entry: what changed in a version, in one locale, for holders of a capability or everyone. */
export const WhatsNewType: ItemTypeDef = {
  name: 'WhatsNew',
  defaultIcon: 'new_releases',
  defaultAccess: 'COMMUNITY',
  adminCreateOnly: true,
  excludeGeneralSearch: true,
  properties: {
    version: { kind: 'textField', required: true, format: 'version' },
    locale: { kind: 'textField', required: true, maxLength: 12 },
    title: { kind: 'textField', required: true, notBlank: true, maxLength: 200 },
    body: { kind: 'HTM', maxLength: 20_000 },
    capability: { kind: 'textField', maxLength: 100 },
  },
  label: (item: ItemData) => `${String(item.version ?? '')} ${String(item.title ?? '')}`.trim(),
  listItem: { title: 'title', subtitle: 'version', icon: 'new_releases' },
  defaultHeaders: ['version', 'locale', 'title'],
};
