import type { FieldErrors } from '../../shared/items/itemSchema';
import type { ItemValidator } from '../store/ItemStore';

const RELATION = ['relType', 'relIndex'] as const;

/**
 * An Attachment's relation (relType, relIndex) is set only by the upload that brings its file,
 * which checks the right to change the related item: an item's first image is the picture every
 * reader of the item is shown, so nobody may point an attachment at an item afterwards (or make
 * a file-less one point there). The upload's own create carries the server-written fileID.
 */
export const attachmentRelationValidator: ItemValidator = async (_tx, { type, data, changed }) => {
  if (type.name !== 'Attachment') return {};
  const errors: FieldErrors = {};
  for (const name of RELATION) {
    const touched = changed ? changed.has(name) : data[name] !== undefined && typeof data.fileID !== 'string';
    if (touched) errors[name] = 'errors.readOnly';
  }
  return errors;
};
