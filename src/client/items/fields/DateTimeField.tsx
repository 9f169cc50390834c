/** DTM: a moment, shown DD-MMM-YYYY HH:mm in the user's time zone and typed the same way or chosen from the browser's calendar. */
import { DateTextInput } from './DateTextInput';
import type { FieldEditProps, FieldKind, FieldShowProps } from './FieldKind';
import { formatDate } from './formatDate';

function Show({ value }: FieldShowProps) {
  return <span>{formatDate(String(value), true)}</span>;
}

function Edit(props: FieldEditProps) {
  return <DateTextInput {...props} withTime />;
}

/** A date and time. */
export const DateTimeField: FieldKind = { Show, Edit, isEmpty: (v) => typeof v !== 'string' || v === '' };
