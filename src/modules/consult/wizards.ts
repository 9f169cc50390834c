/**
 * The consultation module's step wizards: a proponent's intake of a consultation (issue 14). A draft
 * saves with no more than its name and organisation; each step notes what a submission will still
 * need from it (`missingForSubmission`, the rule the server applies when it is submitted), and the
 * review step lists all of it.
 */
import type { ItemData } from '../../shared/items/types';
import type { WizardDef } from '../../shared/items/wizards';
import { missingForSubmission, SUBMISSION_NEEDS } from './consultRules';

/** Whether a consultation with these values is still to be submitted (new, a draft, or incomplete). */
const submittable = (data: ItemData): boolean => data.state === undefined || data.state === 'DRAFT' || data.state === 'INCOMPLETE';

const PROPERTY_OF = new Map(SUBMISSION_NEEDS.map(([property, reason]) => [reason, property]));

export const consultWizards: readonly WizardDef[] = [
  {
    type: 'Consultation',
    steps: [
      { key: 'project', title: 'wizards.consult.project', properties: ['projectName', 'identifiers', 'owner'] },
      { key: 'kind', title: 'wizards.consult.kind', properties: ['region', 'stream', 'projectType'] },
      { key: 'primary', title: 'wizards.consult.primary', properties: ['primaryOrg', 'primaryContacts'] },
      { key: 'supporting', title: 'wizards.consult.supporting', properties: ['supOrgs', 'supContacts'] },
      { key: 'dates', title: 'wizards.consult.dates', properties: ['requestedResponseDate', 'projectStartDt', 'projectEndDt'] },
      {
        key: 'description',
        title: 'wizards.consult.description',
        properties: ['projectDescription', 'locationDescription', 'accessRequirements', 'areaOfNewCut'],
      },
      { key: 'files', title: 'wizards.consult.files', properties: ['attachments'] },
      { key: 'review', title: 'wizards.consult.review', properties: [], review: true },
    ],
    notes: {
      title: 'wizards.consult.stillNeeded',
      // Only while it is the proponent's to submit: a new one, a draft, or one found incomplete.
      of: (data) =>
        submittable(data)
          ? missingForSubmission(data).map((reason) => ({ property: PROPERTY_OF.get(reason) ?? '', message: `options.${reason}` }))
          : [],
      none: (data) => (submittable(data) ? 'wizards.consult.complete' : undefined),
    },
  },
];

/** The English labels of the entries above (shown by the core before the module's screens load). */
export const wizardLabels: Readonly<Record<string, string>> = {
  'wizards.consult.project': 'Project',
  'wizards.consult.kind': 'Region and kind',
  'wizards.consult.primary': 'Primary organisation',
  'wizards.consult.supporting': 'Supporting organisations',
  'wizards.consult.dates': 'Dates',
  'wizards.consult.description': 'Description and location',
  'wizards.consult.files': 'Files',
  'wizards.consult.review': 'Review',
  'wizards.consult.stillNeeded': 'Before it can be submitted, it still needs',
  'wizards.consult.complete': 'It holds everything a submission needs: save it, then Submit.',
};
