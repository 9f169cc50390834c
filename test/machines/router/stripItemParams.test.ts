import { stripItemParams } from '../../../machines/router/stripItemParams';

describe('stripItemParams', () => {
  it('strips ci-N parameters and keeps the others and the hash', () => {
    expect(stripItemParams('/i-Contact-1/i-Contact-2?c0=a&ci-1=2&ci-12=x&lang=fr#notes')).toBe(
      '/i-Contact-1/i-Contact-2?c0=a&lang=fr#notes',
    );
    expect(stripItemParams('/i-Contact-1?ci-0=1')).toBe('/i-Contact-1');
    expect(stripItemParams('/i-Contact-1')).toBe('/i-Contact-1');
    expect(stripItemParams('/x?cix=1&ci-a=2')).toBe('/x?cix=1&ci-a=2');
  });
});
