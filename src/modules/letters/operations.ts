/** The response-letters module's operations: what a response's Letters panel reads, and a letter's writing and moves. */
import * as yup from 'yup';
import { defineOperation } from '../../shared/protocol/defineOperation';
import { closedObject, typedIdString } from '../../shared/protocol/requestSchemas';
import { LETTER_EVENTS } from './letterRules';

/** Most recipients a letter takes. */
export const MAX_RECIPIENTS = 50;

/** One of the community's letter templates, as the panel offers it. */
export interface LetterTemplateChoice {
  id: string;
  /** The list value's label (the letter's name), in the caller's language. */
  name: string;
  subject: string;
}

/** A contact of the consultation a letter may go to. */
export interface LetterContact {
  id: string;
  label: string;
  /** Null when the contact has no address (it cannot be chosen). */
  email: string | null;
  /** The consultation's own (primary) contacts are chosen at first. */
  primary: boolean;
}

/** A letter of the response as the panel shows it. */
export interface LetterSummary {
  id: string;
  u: number;
  subject: string;
  body: string;
  state: string;
  recipients: string[];
  proposedBy: string | null;
  proposedByName: string | null;
  proposedAt: string | null;
  approvedByName: string | null;
  approvedAt: string | null;
  sentBackByName: string | null;
  sentBackAt: string | null;
  sentBackNote: string | null;
  sentByName: string | null;
  sentAt: string | null;
  delivery: string | null;
  /** The letter as sent: Attachment ids and names (PDF, DOCX). */
  files: { id: string; originalName: string }[];
}

/** What the response's Letters panel shows: its letters, the templates and contacts to write a new one with. */
export interface ResponseLetters {
  /** Whether the caller may write letters of this response (update on it). */
  mayWrite: boolean;
  letters: LetterSummary[];
  templates: LetterTemplateChoice[];
  contacts: LetterContact[];
}

const recipientsSchema = () => yup.array().of(typedIdString('Contact').required('errors.required')).max(MAX_RECIPIENTS, 'errors.array.max');

export const lettersOperations = {
  /** The response's letters, newest first, with the community's templates and the consultation's contacts. */
  responseLetters: defineOperation<ResponseLetters>()({
    pattern: 'act/responseLetters',
    params: {},
    signedIn: true,
    body: () => closedObject({ responseId: typedIdString('ConsultResponse').required('errors.required') }),
  }),
  /** A template filled with the response's fields: what a letter made from it would say. */
  letterPreview: defineOperation<{ subject: string; body: string }>()({
    pattern: 'act/letterPreview',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        responseId: typedIdString('ConsultResponse').required('errors.required'),
        templateId: typedIdString('LetterTemplate').required('errors.required'),
      }),
  }),
  /** A new letter of the response from a template (filled), as a draft or proposed at once. */
  letterCreate: defineOperation<{ letterId: string }>()({
    pattern: 'act/letterCreate',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        responseId: typedIdString('ConsultResponse').required('errors.required'),
        templateId: typedIdString('LetterTemplate').required('errors.required'),
        recipients: recipientsSchema(),
        propose: yup.boolean().strict(),
      }),
  }),
  /** Changes a letter's subject, text or recipients while it is a draft, proposed or sent back. */
  letterEdit: defineOperation<{ letterId: string; u: number }>()({
    pattern: 'act/letterEdit',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        letterId: typedIdString('ResponseLetter').required('errors.required'),
        _u: yup.number().integer('errors.number.integer').min(1, 'errors.invalidValue').required('errors.required'),
        subject: yup.string().strict().max(300, 'errors.maxLength'),
        body: yup.string().strict().max(100_000, 'errors.maxLength'),
        recipients: recipientsSchema(),
      }),
  }),
  /** Moves a letter (propose, take back, approve, send back with a note, send). */
  letterMove: defineOperation<{ letterId: string; state: string; u: number }>()({
    pattern: 'act/letterMove',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        letterId: typedIdString('ResponseLetter').required('errors.required'),
        _u: yup.number().integer('errors.number.integer').min(1, 'errors.invalidValue').required('errors.required'),
        event: yup
          .string()
          .oneOf([...LETTER_EVENTS], 'errors.invalidValue')
          .required('errors.required'),
        note: yup.string().strict().max(2000, 'errors.maxLength'),
      }),
  }),
} as const;
