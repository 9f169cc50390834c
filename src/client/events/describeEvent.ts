import { CKK1_PREFIX, isTransitionKind, readableKind } from '../../shared/events/EventKindDef';

export { readableKind };
import type { RegisteredEventKind } from '../../shared/events/eventKindTable';
import type { TimelineEvent } from '../../shared/items/TimelineEvent';
import { formatDate } from '../items/fields/formatDate';
import type { Translate } from '../i18n/useT';

/** What describing an event needs of the locale: its translate function and whether it has a message. */
export interface EventWords {
  t: Translate;
  has: (key: string) => boolean;
}

/**
 * An event as one translated sentence (spec 001 §3, §8): its registered description with the labels
 * of the items it names (an item the reader may not read said generically, never by its id), the
 * from/to states by their labels, who did it and the date as DD-MMM-YYYY HH:mm. An unregistered kind
 * falls back: `CKK1_...` to events.ckk1Fallback with the kind made readable, a transition to
 * events.stateChanged, anything else to events.changed. `labels` are the reader's labels by id.
 */
export function describeEvent(
  event: TimelineEvent,
  kinds: ReadonlyMap<string, RegisteredEventKind>,
  labels: Readonly<Record<string, string>>,
  { t, has }: EventWords,
): string {
  const item = (id: string | null | undefined): string => (id ? (labels[id] ?? t('events.someItem')) : t('events.someItem'));
  const state = (value: string | null | undefined): string => {
    if (!value) return t('events.noState');
    return has(`options.${value}`) ? t(`options.${value}`) : readableKind(value);
  };
  const values = {
    context: item(event.context),
    subContext: item(event.subContext),
    also: (event.also ?? []).map(item).join(', '),
    from: state(event.from),
    to: state(event.to),
    by: event.by ? (labels[event.by] ?? t('events.someone')) : t('app.meta.system'),
    date: formatDate(event.ts, true),
  };
  const registered = kinds.get(event.kind);
  if (registered && has(registered.def.description)) return t(registered.def.description, values);
  if (!registered && event.kind.startsWith(CKK1_PREFIX)) return t('events.ckk1Fallback', { ...values, kind: readableKind(event.kind) });
  if (isTransitionKind(event.kind) && (event.from || event.to)) return t('events.stateChanged', values);
  return t('events.changed', values);
}
