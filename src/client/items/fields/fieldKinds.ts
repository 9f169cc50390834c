/** Every property kind's show and edit components, looked up by the generic item screens. */
import { AttField } from './AttField';
import { BoolField } from './BoolField';
import { DateField } from './DateField';
import { DateTimeField } from './DateTimeField';
import type { FieldKinds } from './FieldKind';
import { GeoField } from './GeoField';
import { HtmField } from './HtmField';
import { IdmField } from './IdmField';
import { ImpreciseDateField } from './ImpreciseDateField';
import { LabelFuncField } from './LabelFuncField';
import { listField } from './ListField';
import { LovField } from './LovField';
import { NumField } from './NumField';
import { RelField } from './RelField';
import { ObjectField } from './ObjectField';
import { SelField } from './SelField';
import { TextField } from './TextField';
import { TranslationsField } from './TranslationsField';

// Rows of sub-fields, each drawn by its own kind from this table.
const ListField = listField(() => FIELD_KINDS);

/** Property kind to its components; each kind's module adds its entry here. */
export const FIELD_KINDS: FieldKinds = {
  textField: TextField,
  SEL: SelField,
  NUM: NumField,
  BOOL: BoolField,
  DT: DateField,
  DTM: DateTimeField,
  impreciseDate: ImpreciseDateField,
  list: ListField,
  ARR: ListField,
  IDM: IdmField,
  labelFunc: LabelFuncField,
  translations: TranslationsField,
  object: ObjectField,
  REL: RelField,
  LOV: LovField,
  HTM: HtmField,
  ATT: AttField,
  GEO: GeoField,
};
