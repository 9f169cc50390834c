/** DT: a calendar date, shown DD-MMM-YYYY and typed the same way or chosen from the browser's calendar (up to 2261-12-31). */
import { DateTextInput } from './DateTextInput';
import type { FieldEditProps, FieldKind, FieldShowProps } from './FieldKind';
import { formatDate } from './formatDate';

function Show({ value }: FieldShowProps) {
  return <span>{formatDate(String(value))}</span>;
}

function Edit(props: FieldEditProps) {
  return <DateTextInput {...props} withTime={false} />;
}

/** A date without time. */
export const DateField: FieldKind = { Show, Edit, isEmpty: (v) => typeof v !== 'string' || v === '' };
