/** The conversations module's operations: start a thread, write in it, read its messages, unread counts, resolve. */
import * as yup from 'yup';
import { defineOperation } from '../../shared/protocol/defineOperation';
import { closedObject, itemIdString, typedIdString } from '../../shared/protocol/requestSchemas';
import { MAX_PARTICIPANTS, MESSAGE_MAX_LENGTH } from './conversationRules';

/** Most files one message carries. */
export const MESSAGE_MAX_FILES = 20;

/** One file of a message, as the thread screen lists it. */
export interface MessageFile {
  id: string;
  name: string;
}

/** One message, as the thread screen shows it. */
export interface ThreadMessage {
  id: string;
  /** Who wrote it, by name ("Someone" is the screen's when the reader may not read them). */
  author: string | null;
  /** Whether the reader wrote it. */
  mine: boolean;
  /** Sanitised rich text. */
  body: string;
  files: MessageFile[];
  /** When it was written (ISO; the screen shows it as DD-MMM-YYYY HH:mm). */
  ts: string;
  /** Written after the reader last read the thread. */
  unread: boolean;
}

/** One thread of the reader's, as the conversations view lists it. */
export interface ThreadSummary {
  id: string;
  subject: string;
  resolved: boolean;
  /** The purpose's key (shown by its `options.{KEY}` label), or null. */
  purpose: string | null;
  /** What it is about, by its label, when the reader may read it. */
  context: string | null;
  /** When its last message was written. */
  lastTs: string;
  /** Messages of others written since the reader last read it. */
  unread: number;
}

const messageFiles = () =>
  yup
    .array()
    .of(closedObject({ id: typedIdString('Attachment').required('errors.required') }).required('errors.required'))
    .max(MESSAGE_MAX_FILES, 'errors.array.max');
const messageBody = () => yup.string().max(MESSAGE_MAX_LENGTH, 'errors.maxLength');

export const conversationOperations = {
  /**
   * Starts a thread with its first message, in one transaction; the caller (by their person record)
   * is one of its participants. A CONSULT_RESPONSE thread's first message must carry a file.
   */
  start: defineOperation<{ threadId: string; messageId: string }>()({
    pattern: 'act/conversationStart',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        subject: yup.string().trim().max(300, 'errors.maxLength').required('errors.required'),
        participants: yup
          .array()
          .of(typedIdString('Contact').required('errors.required'))
          .max(MAX_PARTICIPANTS, 'errors.array.max')
          .required('errors.required'),
        context: itemIdString(),
        purpose: yup.string().max(60, 'errors.maxLength'),
        owner: typedIdString('Organization'),
        body: messageBody().required('errors.required'),
        attachments: messageFiles(),
      }),
  }),
  /** Writes a message in a thread the caller reads and takes part in (or administers). */
  post: defineOperation<{ messageId: string }>()({
    pattern: 'act/conversationPost',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        threadId: typedIdString('Thread').required('errors.required'),
        body: messageBody().required('errors.required'),
        attachments: messageFiles(),
      }),
  }),
  /** The messages of a thread the caller reads, oldest first, each marked unread or not for them, and who takes part, by name. */
  messages: defineOperation<{ messages: ThreadMessage[]; participants: string[] }>()({
    pattern: 'act/conversationMessages',
    params: {},
    signedIn: true,
    body: () => closedObject({ threadId: typedIdString('Thread').required('errors.required') }),
  }),
  /** Marks a thread read by the caller up to now. */
  markRead: defineOperation<{ threadId: string }>()({
    pattern: 'act/conversationRead',
    params: {},
    signedIn: true,
    body: () => closedObject({ threadId: typedIdString('Thread').required('errors.required') }),
  }),
  /** The caller's threads (taking part, or started), latest first, with their unread counts. */
  mine: defineOperation<{ threads: ThreadSummary[]; unread: number }>()({
    pattern: 'act/conversations',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        /** Resolved ones too (by default only the open ones). */
        resolved: yup.boolean(),
      }),
  }),
} as const;
