/** The workflow module's screens and their messages: one chunk. */
import type { ComponentType } from 'react';
import type { ItemPanelProps } from '../../../client/items/itemPanels';
import type { ModuleScreens } from '../../../client/modules/ModuleClient';
import { itemTypes } from '../../../shared/itemTypes';
import { workflowMessages } from './messages';
import { WorkflowPanel } from './WorkflowPanel';
import { StepsEditor } from './StepsEditor';
import { WorkflowsView } from './WorkflowsView';

const panels: Record<string, readonly ComponentType<ItemPanelProps>[]> = Object.fromEntries(
  itemTypes
    .all()
    .filter((type) => type.workflow === true)
    .map((type) => [type.name, [WorkflowPanel]]),
);

export const workflowScreens: ModuleScreens = {
  views: { 'v-admin.workflows': WorkflowsView },
  panels,
  fieldEditors: { 'Workflow.steps': StepsEditor },
  messages: workflowMessages,
};
