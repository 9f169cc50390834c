/**
 * Who may move the consultation module's items, as the guards of its charts read the caller and the
 * item (src/shared/items/stateCharts.ts): one definition for the server's authority and the buttons.
 */
import { holdsCapability, holdsInOwner, isCreator, type StateChartEvent } from '../../src/shared/items/stateCharts';
import { CONSULT_RESPOND, CONSULT_SUBMIT, missingForSubmission } from '../../src/modules/consult/consultRules';

/**
 * A proponent of this consultation: its author or a writer for its organisation, who holds the
 * consultation-submit capability on the site or in that organisation; or an administrator.
 */
export const isProponent = (e: StateChartEvent): boolean =>
  !!e.caller &&
  (e.caller.admin ||
    ((isCreator(e) || holdsInOwner(e, 'write')) && (e.caller.capabilities[CONSULT_SUBMIT] === true || holdsInOwner(e, CONSULT_SUBMIT))));

/** A responder of the site: holds the consultation-respond capability site-wide; or an administrator. */
export const isResponder = (e: StateChartEvent): boolean => holdsCapability(e, CONSULT_RESPOND);

/** Whether the consultation holds everything a submission needs. */
export const isComplete = (e: StateChartEvent): boolean => missingForSubmission(e.item.data).length === 0;

/** Whether it has been distributed to at least one community (the distribution operation records them). */
export const hasCommunities = (e: StateChartEvent): boolean => Array.isArray(e.item.data.communities) && e.item.data.communities.length > 0;

/**
 * Who answers for a community's response: its members holding the respond capability or `write`
 * there, the site's responders (who may record an answer given off the system), and administrators.
 */
export const answersForCommunity = (e: StateChartEvent): boolean =>
  isResponder(e) || holdsInOwner(e, CONSULT_RESPOND) || holdsInOwner(e, 'write');

/** Who keeps an agreement: its author, a writer for its organisation, or an administrator. */
export const keepsAgreement = (e: StateChartEvent): boolean => !!e.caller && (e.caller.admin || isCreator(e) || holdsInOwner(e, 'write'));
