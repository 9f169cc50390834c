import type { ModuleModel } from '../shared/modules/ModuleModel';
import { orgsModule } from './orgs/model';
import { consultModule } from './consult/model';
import { conversationsModule } from './conversations/model';
import { lettersModule } from './letters/model';
import { workflowModule } from './workflow/model';
import { assistModule } from './assist/model';
import { spatialModule } from './spatial/model';

/** Every domain module, in menu order. A new module is a folder plus one line here (see docs/modules.md). */
export const modules: readonly ModuleModel[] = [
  orgsModule,
  consultModule,
  conversationsModule,
  lettersModule,
  workflowModule,
  assistModule,
  spatialModule,
];
