/** Dates typed as the product shows them (DD-MMM-YYYY [HH:mm], spec 000 §9), read back into their stored form. */
import { format, isValid, parse } from 'date-fns';
import { formatDate } from './formatDate';

// What a person may type: the shown form first, then the ISO form (what a pasted or older value looks like).
const DATE_FORMATS = ['dd-MMM-yyyy', 'd-MMM-yyyy', 'd MMM yyyy', 'yyyy-MM-dd'];
const DATE_TIME_FORMATS = ['dd-MMM-yyyy HH:mm', 'd-MMM-yyyy HH:mm', 'd MMM yyyy HH:mm', "yyyy-MM-dd'T'HH:mm", 'yyyy-MM-dd HH:mm'];
const REFERENCE = new Date(2000, 0, 1);

/** The moment `text` names in the reader's zone, or null when it is no date in one of the accepted forms. */
export function parseShownDate(text: string, withTime: boolean): Date | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  for (const pattern of withTime ? DATE_TIME_FORMATS : DATE_FORMATS) {
    const date = parse(trimmed, pattern, REFERENCE);
    if (isValid(date) && date.getFullYear() >= 1000) return date;
  }
  return null;
}

/**
 * The stored form of typed `text`: `YYYY-MM-DD` for a date, an ISO moment for a date-time, '' for
 * nothing; text that is no date stays as typed, so the form's rules answer errors.invalidDate.
 */
export function storedDate(text: string, withTime: boolean): string {
  if (text.trim() === '') return '';
  const date = parseShownDate(text, withTime);
  if (!date) return text;
  return withTime ? date.toISOString() : format(date, 'yyyy-MM-dd');
}

/** A stored value as it is typed and shown: DD-MMM-YYYY [HH:mm]; anything else as it is. */
export function shownDate(value: unknown, withTime: boolean): string {
  return typeof value === 'string' && value !== '' ? formatDate(value, withTime) : '';
}
