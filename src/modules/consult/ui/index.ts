/** The consultation module's screens and their messages: one chunk. */
import type { ModuleScreens } from '../../../client/modules/ModuleClient';
import { ConsultAuditView } from './ConsultAuditView';
import { ConsultDashboardView } from './ConsultDashboardView';
import {
  ConsultAttachmentsView,
  ConsultCommunicationsView,
  ConsultContactsView,
  ConsultMeetingsView,
  ConsultOrganizationsView,
  ConsultProjectsView,
} from './ConsultResultsViews';
import { AgreementVersionsPanel } from './AgreementVersionsPanel';
import { DistributePanel } from './DistributePanel';
import { consultMessages } from './messages';

export const consultScreens: ModuleScreens = {
  views: {
    'v-consult': ConsultDashboardView,
    'v-consult.dashboard': ConsultDashboardView,
    'v-consult.projects': ConsultProjectsView,
    'v-consult.organizations': ConsultOrganizationsView,
    'v-consult.contacts': ConsultContactsView,
    'v-consult.audit': ConsultAuditView,
    'v-consult.attachments': ConsultAttachmentsView,
    'v-consult.communications': ConsultCommunicationsView,
    'v-consult.meetings': ConsultMeetingsView,
  },
  panels: { Consultation: [DistributePanel], Agreement: [AgreementVersionsPanel] },
  messages: consultMessages,
};
