import type { ItemData, ItemTypeDef } from '../types';

/** A message from the administrators to everyone signed in; modal ones block until dismissed. */
export const SystemAlertType: ItemTypeDef = {
  name: 'SystemAlert',
  defaultIcon: 'campaign',
  defaultAccess: 'COMMUNITY',
  adminCreateOnly: true,
  excludeGeneralSearch: true,
  properties: {
    title: { kind: 'textField', required: true, notBlank: true, maxLength: 200 },
    message: { kind: 'textField', required: true, notBlank: true, maxLength: 5000 },
    modal: { kind: 'BOOL' },
    /** An alert shows while active; ending it sets this to false. */
    active: { kind: 'BOOL' },
  },
  label: (item: ItemData) => String(item.title ?? ''),
  listItem: { title: 'title', subtitle: 'message', icon: 'campaign' },
  defaultHeaders: ['title', 'modal', 'active'],
};
