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

export const consultOperations = {
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
  /** Every saved version of an agreement, oldest first, for comparing. */
  agreementVersions: defineOperation<{ versions: AgreementVersion[] }>()({
    pattern: 'act/agreementVersions',
    params: {},
    signedIn: true,
    body: () => closedObject({ agreementId: typedIdString('Agreement').required('errors.required') }),
  }),
} as const;
