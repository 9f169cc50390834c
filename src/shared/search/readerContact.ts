/**
 * A search value standing for the reader's own person record (the Contact their User names, the
 * session's `contactId`): the server puts the caller's contact in its place, so a dashboard card or a
 * saved search asks for "items naming me" without the browser knowing who that is. A reader without
 * a person record matches nothing (and `mustNot` keeps everything).
 */
export const READER_CONTACT = '$reader.contact';

/**
 * `value` with READER_CONTACT replaced by `contactId`: unchanged when it names no reader, null when
 * it named only the reader and there is no contact to put in its place (the condition matches nothing).
 */
export function withReaderContact(value: unknown, contactId: string | null | undefined): unknown {
  const list = Array.isArray(value) ? value : [value];
  if (!list.includes(READER_CONTACT)) return value;
  const replaced = list.flatMap((v) => (v === READER_CONTACT ? (contactId ? [contactId] : []) : [v]));
  if (replaced.length === 0) return null;
  return Array.isArray(value) ? replaced : replaced[0];
}
