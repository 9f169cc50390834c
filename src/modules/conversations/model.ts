/**
 * The conversations module (spec 001 §3 "Workflow", issue 15): threads between people about any
 * item (a consultation, a response...), their messages with files, unread counts, mail to the
 * participants and replies by mail. Its item types, list, views, labels and icon (both sides).
 */
import type { ItemData, ItemTypeDef } from '../../shared/items/types';
import type { ModuleModel } from '../../shared/modules/ModuleModel';
import { CONVERSATION_LISTS, MAX_PARTICIPANTS, MESSAGE_MAX_LENGTH, SYNC_STATES, THREAD_PURPOSES } from './conversationRules';
import { conversationLabels } from './labels';
import { conversationOperations } from './operations';
import { threadStepKind } from './threadStepKind';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const TERMS = { kind: 'terms' } as const;

/** A conversation between people about an item: its messages are Message items. */
export const ThreadType: ItemTypeDef = {
  name: 'Thread',
  defaultIcon: 'chat',
  defaultAccess: 'PROTECTED',
  properties: {
    /**
     * The organisation whose members read it with its participants: given when it is started (the
     * context's own organisation unless another is chosen), kept for good, as its messages copy it.
     */
    owner: { kind: 'REL', relTypes: ['Organization'], readOnly: true, onCreate: true, related: false },
    subject: { kind: 'textField', required: true, notBlank: true, maxLength: 300, sortable: true },
    /** The people taking part: their users read and write it, and are mailed its new messages. */
    participants: { kind: 'REL', relTypes: ['Contact'], multiple: true, maxItems: MAX_PARTICIPANTS },
    /** What it is about: any item (a consultation, a community's response...). */
    context: { kind: 'REL' },
    purpose: { kind: 'SEL', options: THREAD_PURPOSES, facet: TERMS },
    resolved: { kind: 'BOOL' },
    actionType: { kind: 'LOV', list: CONVERSATION_LISTS.actionTypes, facet: TERMS },
    assignedTo: { kind: 'REL', relTypes: ['Contact'] },
    assignedDue: { kind: 'DT', sortable: true, facet: { kind: 'dateRanges' } },
    /** When its last message was written (its creation before the first): kept by the server. */
    $sortTS: { kind: 'DTM', readOnly: true, sortable: true },
    /** Whether it is in step with an outside system (spec 001 §4): derived, LOCAL on this platform. */
    $syncState: { kind: 'SEL', options: SYNC_STATES, readOnly: true },
  },
  label: (item: ItemData) => text(item.subject),
  listItem: { title: 'subject', subtitle: '$sortTS', icon: 'chat' },
  defaultHeaders: ['subject', 'purpose', 'resolved', '$sortTS'],
  layout: {
    sections: [
      { key: 'conversation', t: 'types.Thread.section.conversation', properties: ['subject', 'purpose', 'actionType', 'resolved'] },
    ],
    side: ['participants', 'context', 'owner', 'assignedTo', 'assignedDue', '$sortTS'],
  },
};

/** One message of a thread: written in the app (act/conversationPost) or by a reply to its mail. */
export const MessageType: ItemTypeDef = {
  name: 'Message',
  defaultIcon: 'chat',
  defaultAccess: 'PROTECTED',
  properties: {
    thread: { kind: 'REL', relTypes: ['Thread'], required: true, readOnly: true, related: false },
    /** Who wrote it: their person record (Contact), or their user when they have none. */
    author: { kind: 'REL', relTypes: ['Contact', 'User'], readOnly: true, related: false },
    body: { kind: 'HTM', maxLength: MESSAGE_MAX_LENGTH },
    attachments: { kind: 'ATT' },
    /** Where and under which comment id the message lives on the Drupal site it came from (administrators only). */
    drupalTarget: { kind: 'textField', maxLength: 500, adminOnly: true },
    drupalCID: { kind: 'textField', maxLength: 100, adminOnly: true },
    /** The thread's participants and organisation when it was written, kept in step: who reads it. */
    participants: { kind: 'REL', relTypes: ['Contact'], multiple: true, readOnly: true, internal: true, related: false },
    owner: { kind: 'REL', relTypes: ['Organization'], readOnly: true, internal: true, related: false },
    /** The user who started the thread: they read its messages too. */
    threadBy: { kind: 'textField', maxLength: 100, readOnly: true, internal: true },
  },
  label: (item: ItemData) => {
    const plain = text(item.body)
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return plain.length > 80 ? `${plain.slice(0, 79)}…` : plain;
  },
  listItem: { icon: 'chat' },
  defaultHeaders: ['thread', 'author', 'body'],
};

/** The conversations module's declaration (docs/modules.md). */
export const conversationsModule: ModuleModel = {
  name: 'conversations',
  itemTypes: [ThreadType, MessageType],
  lists: [{ name: CONVERSATION_LISTS.actionTypes }],
  menu: [{ path: 'conversations', title: 'views.v-conversations', icon: 'chat' }],
  views: { 'v-conversations': {} },
  operations: conversationOperations,
  stepKinds: [threadStepKind],
  labels: conversationLabels,
  icons: {
    // "chat": a speech bubble with lines of text.
    chat: 'M20 2H4c-1.1 0-1.99.9-1.99 2L2 22l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2M6 9h12v2H6zm8 5H6v-2h8zm4-6H6V6h12z',
  },
};
