/**
 * The workflow module's browser part: the stepper on every workflow-capable type's read screen and
 * the templates at admin.workflows, loaded as a chunk of their own.
 */
import type { ModuleClient } from '../../client/modules/ModuleClient';
import { itemTypes } from '../../shared/itemTypes';

export const workflowClient: ModuleClient = {
  name: 'workflow',
  panelTypes: itemTypes
    .all()
    .filter((type) => type.workflow === true)
    .map((type) => type.name),
  // A template's steps are edited as cards (ui/StepsEditor.tsx), not the generic list's rows.
  fieldEditors: ['Workflow.steps'],
  screens: () => import('./ui').then((m) => m.workflowScreens),
};
