import { uploadRefusalKey } from '../../src/shared/fileConstants';

describe('the reason of a refused upload', () => {
  test('is the userMessage of a JSON answer', () => {
    expect(uploadRefusalKey(400, '{"userMessage":"emptyFile","sysMessage":"An empty file cannot be uploaded"}')).toBe('emptyFile');
  });

  test('is the key before the colon of a refusal made inside tus', () => {
    expect(uploadRefusalKey(422, 'fileInfected: the virus scanner found KK.Test.Malware in this file; it was not kept\n')).toBe(
      'fileInfected',
    );
    expect(uploadRefusalKey(503, 'scannerUnavailable: try again later')).toBe('scannerUnavailable');
  });

  test('is never a word the catalogue does not know; then it follows the status', () => {
    expect(uploadRefusalKey(403, 'Forbidden: Not allowed to attach to Contact-3')).toBe('notAllowed');
    expect(uploadRefusalKey(413, 'Maximum size exceeded')).toBe('tooLarge');
    expect(uploadRefusalKey(401, '{"userMessage":"__proto__"}')).toBe('notSignedIn');
    expect(uploadRefusalKey(500, 'oops')).toBe('generalFailure');
  });
});
