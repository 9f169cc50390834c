import { fileSize } from '../../../src/client/items/fields/fileSize';

describe('fileSize', () => {
  test.each([
    [0, 0, 'Bytes'],
    [999, 999, 'Bytes'],
    [1000, 1, 'KB'],
    [1_500_000, 1.5, 'MB'],
    [2e9, 2, 'GB'],
    [3e12, 3, 'TB'],
    [4e15, 4000, 'TB'],
  ])('%d bytes is %d %s', (bytes, size, unit) => {
    expect(fileSize(bytes)).toEqual({ size, unit });
  });
});
