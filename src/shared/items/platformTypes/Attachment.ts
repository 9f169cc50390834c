import { ATTACHMENT_KINDS } from '../../fileConstants';
import { FILE_SIZE_RANGES } from '../../constants';
import type { ItemData, ItemTypeDef } from '../types';

/**
 * An uploaded file (spec 001 §3). The server fills in what it learns from the upload and the
 * content (fileID, uppyID, filetype, size, kind): clients cannot write those, so no one can point
 * an Attachment at a file they did not upload. The relation (relProp, relType, relIndex) comes
 * only with the upload too, which checks the right to change the related item (an item's first
 * image is the picture every reader is shown): read-only, so no form offers to move it.
 */
export const AttachmentType: ItemTypeDef = {
  name: 'Attachment',
  defaultIcon: 'attachment',
  defaultAccess: 'PROTECTED',
  properties: {
    originalName: { kind: 'textField', required: true, notBlank: true, maxLength: 255, sortable: true },
    fileID: { kind: 'textField', readOnly: true, maxLength: 100 },
    uppyID: { kind: 'textField', readOnly: true, maxLength: 100 },
    filetype: { kind: 'textField', format: 'mediaType', readOnly: true, maxLength: 200, facet: { kind: 'terms' } },
    size: { kind: 'NUM', number: 'INTEGER', readOnly: true, sortable: true, facet: { kind: 'fileSize', ranges: FILE_SIZE_RANGES } },
    kind: { kind: 'SEL', options: ATTACHMENT_KINDS, readOnly: true, facet: { kind: 'terms' } },
    relProp: { kind: 'textField', readOnly: true, maxLength: 100 },
    relIndex: { kind: 'NUM', number: 'NATURAL', readOnly: true },
    relType: { kind: 'textField', readOnly: true, maxLength: 100 },
    trashed: { kind: 'BOOL' },
  },
  label: (item: ItemData) => (typeof item.originalName === 'string' ? item.originalName.trim() : ''),
  listItem: { title: 'originalName', subtitle: 'kind', icon: 'attachment' },
  defaultHeaders: ['originalName', 'kind', 'size'],
};
