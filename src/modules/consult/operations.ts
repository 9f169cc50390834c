/** The consultation module's operations: distribution to communities, and the saved versions of an agreement. */
import { defineOperation } from '../../shared/protocol/defineOperation';
import { closedObject, typedIdString } from '../../shared/protocol/requestSchemas';
import * as yup from 'yup';

/** One saved version of an agreement: what it held, when and by whom it was saved. */
export interface AgreementVersion {
  u: number;
  ts: string;
  by: string | null;
  data: Record<string, unknown>;
}

/** One state change of a consultation, as the audit view lists it. */
export interface ConsultAuditEntry {
  /** The event's id (newest first: the larger, the later). */
  id: number;
  ts: string;
  consultation: string;
  /** The consultation's label (its project name). */
  label: string;
  /** The transition's event kind (`state.consultation.submit`...). */
  kind: string;
  from: string | null;
  to: string | null;
  by: string | null;
  /** The label of who took it, when the reader may read them. */
  byLabel: string | null;
}

/** The states and transitions the audit filters by: a `to` state or an event, one consultation, a day range. */
export const CONSULT_AUDIT_MAX = 500;

export const consultOperations = {
  /**
   * Every state change of the consultations the caller may read, newest first (spec 001 §2
   * consult.audit): filtered by the state reached, the transition, one consultation and a day range.
   */
  audit: defineOperation<{ entries: ConsultAuditEntry[]; total: number }>()({
    pattern: 'act/consultAudit',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        consultationId: typedIdString('Consultation'),
        to: yup.array().of(yup.string().max(40).required('errors.required')).max(20, 'errors.array.max'),
        kinds: yup.array().of(yup.string().max(80).required('errors.required')).max(20, 'errors.array.max'),
        from: yup.string().matches(/^\d{4}-\d{2}-\d{2}$/, 'errors.invalidDate'),
        until: yup.string().matches(/^\d{4}-\d{2}-\d{2}$/, 'errors.invalidDate'),
        /** The reader's zone, as Date#getTimezoneOffset says it: the days start at their midnight. */
        tzOffset: yup.number().integer('errors.number.integer').min(-840, 'errors.invalidValue').max(840, 'errors.invalidValue'),
        max: yup.number().integer('errors.number.integer').min(1, 'errors.invalidValue').max(CONSULT_AUDIT_MAX, 'errors.invalidValue'),
      }),
  }),
  /** Distributes a consultation to communities: each gets its response (once), and the consultation moves to CONSULTING. */
  distribute: defineOperation<{ responses: string[]; created: string[] }>()({
    pattern: 'act/consultDistribute',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        consultationId: typedIdString('Consultation').required('errors.required'),
        communities: yup
          .array()
          .of(typedIdString('Organization').required('errors.required'))
          .min(1, 'errors.array.min')
          .max(200, 'errors.array.max')
          .required('errors.required'),
      }),
  }),
  /** Every saved version of an agreement, oldest first, for comparing, with the names of the organisations and authors they name that the reader may read. */
  agreementVersions: defineOperation<{ versions: AgreementVersion[]; labels: Record<string, string> }>()({
    pattern: 'act/agreementVersions',
    params: {},
    signedIn: true,
    body: () => closedObject({ agreementId: typedIdString('Agreement').required('errors.required') }),
  }),
} as const;
