/** A property of a type by its label, for lists of property names (the timeline's changed properties). */
import { itemTypes } from '../../../shared/itemTypes';
import { useIntl } from '../../i18n/IntlContext';
import { useT } from '../../i18n/useT';
import { labelKey } from '../labelKey';

/** `middleName` -> "Middle name" for items of `typeName`; a property the type no longer has, or has no message for, as "Other property". */
export function usePropertyLabel(typeName: string): (name: string) => string {
  const intl = useIntl();
  const t = useT();
  const type = itemTypes.get(typeName);
  return (name) => {
    const def = type?.properties[name];
    const key = type && def ? labelKey(type, name, def) : null;
    return key && key in intl.messages ? t(key) : t('app.timeline.otherProperty');
  };
}
