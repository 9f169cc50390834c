import type { ItemData, ItemTypeDef } from '../types';

/** One notification for one user about a change of an item; only its recipient reads it. */
export const NotifyType: ItemTypeDef = {
  name: 'Notify',
  defaultIcon: 'notifications',
  defaultAccess: 'PRIVATE',
  adminCreateOnly: true,
  excludeGeneralSearch: true,
  properties: {
    /** The kind of the event it tells of: any registered kind (ModuleModel.eventKinds), not only the core's. */
    $kind: { kind: 'textField', required: true, maxLength: 200 },
    $context: { kind: 'REL', required: true },
    $eventContext: { kind: 'REL' },
    /** The id of the event it tells of, so the list can say it as the timeline does. */
    event: { kind: 'NUM', number: 'NATURAL' },
    unread: { kind: 'BOOL' },
  },
  label: (item: ItemData) => {
    const ctx = item.$context as { id?: string } | undefined;
    return `${String(item.$kind ?? '')} ${ctx?.id ?? ''}`.trim();
  },
  listItem: { title: '$context', subtitle: '$kind', icon: 'notifications' },
};
