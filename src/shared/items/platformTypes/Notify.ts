import type { ItemData, ItemTypeDef } from '../types';

/** What happened to the item a notification is about. */
export const NOTIFY_KINDS = ['created', 'updated', 'deleted'] as const;

/** One notification for one user about a change of an item; only its recipient reads it. */
export const NotifyType: ItemTypeDef = {
  name: 'Notify',
  defaultIcon: 'notifications',
  defaultAccess: 'PRIVATE',
  adminCreateOnly: true,
  excludeGeneralSearch: true,
  properties: {
    $kind: { kind: 'SEL', options: NOTIFY_KINDS, required: true },
    $context: { kind: 'REL', required: true },
    $eventContext: { kind: 'REL' },
    event: { kind: 'NUM', number: 'NATURAL' },
    unread: { kind: 'BOOL' },
  },
  label: (item: ItemData) => {
    const ctx = item.$context as { id?: string } | undefined;
    return `${String(item.$kind ?? '')} ${ctx?.id ?? ''}`.trim();
  },
  listItem: { title: '$context', subtitle: '$kind', icon: 'notifications' },
};
