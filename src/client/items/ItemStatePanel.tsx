/**
 * The state of an item whose type has a state chart (docs/modules.md "States only the server
 * changes"): its value by its label, and a button for each transition the signed-in user may take
 * now, as the shared chart says for them; the server decides again when one is pressed. The moved
 * item arrives through the item actor, a refusal is shown with its message until read.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ItemActorRef } from '../../../machines/item/itemMachine';
import { itemStateMachine, selectSendingTransition, selectTransitionError } from '../../../machines/item/itemStateMachine';
import { selectTokenValid, selectUser } from '../../../machines/session/authSelectors';
import { itemStateCharts } from '../../shared/itemStateCharts';
import { allowedTransitions, subjectOfItem, type StateCaller, type StateChartDef } from '../../shared/items/stateCharts';
import type { Item } from '../../shared/items/types';
import { useT } from '../i18n/useT';
import { useActors } from '../session/useActors';
import { Button } from '../shell/Button';
import { errorKey } from './menu/errorKey';

/** The chart of `typeName`'s state, if its module declares one. */
export const stateChartOf = (typeName: string): StateChartDef | undefined => itemStateCharts().get(typeName);

/** The message key of a transition's button: `types.{Type}.{property}.{event}`. */
export const transitionLabelKey = (def: StateChartDef, event: string): string => `types.${def.type}.${def.property}.${event}`;

/** The state and its allowed transitions, for an item whose type has a chart (`def`). */
export function ItemStatePanel({ item, itemRef, def }: { item: Item; itemRef: ItemActorRef; def: StateChartDef }) {
  const t = useT();
  const { auth, connection } = useActors();
  const valid = useSelector(auth, selectTokenValid);
  const user = useSelector(auth, selectUser);
  const actor = useActorRef(itemStateMachine, { input: { id: item.$id, connection, item: itemRef } });
  const sending = useSelector(actor, selectSendingTransition);
  const error = useSelector(actor, selectTransitionError);
  const state = item[def.property];
  // The same description of the caller the server builds from its principal.
  const caller = useMemo<StateCaller | null>(
    () =>
      valid && user ? { userId: user.$id, admin: user.admin, capabilities: user.capabilities, organizations: user.organizations } : null,
    [valid, user],
  );
  const allowed = useMemo(
    () => (item.$deleted ? [] : allowedTransitions(def.chart, state, caller, subjectOfItem(item))),
    [def, state, caller, item],
  );
  return (
    <section aria-labelledby={`state-${item.$id}`} className="mx-4 mb-4 rounded border border-line p-3">
      <p className="m-0 flex flex-wrap items-center gap-2">
        <span id={`state-${item.$id}`} className="text-sm font-medium text-muted">
          {t(`types.${def.type}.${def.property}`)}
        </span>
        <strong data-testid="item-state" className="text-ink">
          {typeof state === 'string' ? t(`options.${state}`) : null}
        </strong>
      </p>
      {allowed.length > 0 ? (
        <div role="group" aria-label={t('app.itemState.steps')} className="mt-2 flex flex-wrap gap-2">
          {allowed.map((event) => (
            <Button
              key={event}
              disabled={sending !== null}
              aria-busy={sending === event || undefined}
              onClick={() => actor.send({ type: 'itemState.transitionRequested', event, u: item._u })}
            >
              {t(transitionLabelKey(def, event))}
            </Button>
          ))}
        </div>
      ) : null}
      {error ? (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-2 text-sm text-red-800 dark:text-red-200">
          <span>{t(errorKey(error.userMessage))}</span>
          <Button variant="plain" onClick={() => actor.send({ type: 'itemState.errorDismissed' })}>
            {t('app.ok')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
