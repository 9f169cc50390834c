/**
 * Item types that exist only in tests. The product's registry is a module-level constant, so a test
 * file that needs one of these replaces `src/shared/itemTypes` for itself alone with `jest.mock`
 * (`itemTypesWithTestTypes`): the product keeps registering exactly what it registers.
 */
import type * as ProductItemTypes from '../../src/shared/itemTypes';
import { ItemTypeRegistry } from '../../src/shared/items/registry';
import type { ItemData, ItemTypeDef } from '../../src/shared/items/types';

/**
 * A counted thing: its `count` is an editable whole number above 0. The form's number rules need a
 * number people edit, and no product type has one (an Attachment's size and relation and a
 * notification's event are the server's to write).
 */
export const MeasureType: ItemTypeDef = {
  name: 'Measure',
  defaultIcon: 'item',
  defaultAccess: 'PRIVATE',
  properties: {
    title: { kind: 'textField', required: true, maxLength: 100 },
    count: { kind: 'NUM', number: 'NATURAL' },
    // For the form's list rows of sub-fields, an object shown read-only and a property the form never offers.
    readings: {
      kind: 'list',
      of: { key: { kind: 'textField', required: true, maxLength: 20 }, order: { kind: 'SEL', required: true, options: ['asc', 'desc'] } },
      maxItems: 5,
    },
    settings: { kind: 'object' },
    checksum: { kind: 'textField', maxLength: 100, internal: true },
  },
  label: (item: ItemData) => (typeof item.title === 'string' ? item.title : ''),
};

/** The English labels of the test-only types, for the app's message overrides. */
export const TEST_TYPE_MESSAGES: Record<string, string> = {
  'types.Measure': 'measure',
  'types.Measure.title': 'Title',
  'types.Measure.count': 'Count',
  'types.Measure.readings': 'Readings',
  'types.Measure.readings.key': 'Key',
  'types.Measure.readings.order': 'Order',
  'types.Measure.settings': 'Settings',
  'types.Measure.checksum': 'Checksum',
};

/**
 * The module `src/shared/itemTypes` with the test-only types registered after the product's, for
 * `jest.mock('…/src/shared/itemTypes', () => …itemTypesWithTestTypes())`.
 */
export function itemTypesWithTestTypes(): typeof ProductItemTypes {
  const product = jest.requireActual<typeof ProductItemTypes>('../../src/shared/itemTypes');
  return { itemTypes: new ItemTypeRegistry([...product.itemTypes.all(), MeasureType]) };
}
