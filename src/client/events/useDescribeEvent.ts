import { useCallback } from 'react';
import { eventKinds } from '../../shared/eventKinds';
import type { TimelineEvent } from '../../shared/items/TimelineEvent';
import { useIntl } from '../i18n/IntlContext';
import { useT } from '../i18n/useT';
import { describeEvent } from './describeEvent';

/** Says an event in the current locale, with the labels the screen knows and those the event brings. */
export function useDescribeEvent(): (event: TimelineEvent, known?: Readonly<Record<string, string>>) => string {
  const t = useT();
  const intl = useIntl();
  return useCallback(
    (event, known = {}) =>
      describeEvent(event, eventKinds(), { ...known, ...event.labels }, { t, has: (key) => Object.hasOwn(intl.messages, key) }),
    [t, intl],
  );
}
