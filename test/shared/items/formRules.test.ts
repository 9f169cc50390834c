import {
  formatUsPhone,
  isDate,
  isDateTime,
  isHexColour,
  isHttpUrl,
  isImpreciseDate,
  isMediaType,
  isPhone,
} from '../../../src/shared/items/formRules';

test('phones need at least 7 digits and may carry an extension', () => {
  expect(isPhone('555-0142')).toBe(true);
  expect(isPhone('(306) 555-0142 ext: 12')).toBe(true);
  expect(isPhone('+1 604 555 0110 x7')).toBe(true);
  expect(isPhone('12345')).toBe(false);
  expect(isPhone('call me')).toBe(false);
});

test('10-digit US numbers, or 11 with a leading 1, are reformatted', () => {
  expect(formatUsPhone('3065550142')).toBe('(306) 555-0142');
  expect(formatUsPhone('1-306-555-0142 x 9')).toBe('(306) 555-0142 ext: 9');
  expect(formatUsPhone('555-0142')).toBe('555-0142');
});

test('URLs must be http or https', () => {
  expect(isHttpUrl('https://lakeview.example.org/path')).toBe(true);
  expect(isHttpUrl('ftp://example.org')).toBe(false);
  expect(isHttpUrl('javascript:alert(1)')).toBe(false);
});

test('hex colours have 3 or 6 digits after #', () => {
  expect(isHexColour('#fff')).toBe(true);
  expect(isHexColour('#1976D2')).toBe(true);
  expect(isHexColour('1976D2')).toBe(false);
  expect(isHexColour('#12345')).toBe(false);
});

test('dates are real and no later than 2261-12-31', () => {
  expect(isDate('2024-02-29')).toBe(true);
  expect(isDate('2023-02-29')).toBe(false);
  expect(isDate('2261-12-31')).toBe(true);
  expect(isDate('2262-01-01')).toBe(false);
  expect(isDateTime('2024-05-01T10:30:00Z')).toBe(true);
  expect(isDateTime('2024-05-01 10:30')).toBe(false);
});

test('imprecise dates accept YYYY, YYYY-M and YYYY-M-D', () => {
  for (const v of ['1885', '1885-7', '1885-07-4']) expect(isImpreciseDate(v)).toBe(true);
  for (const v of ['1885-13', '1885-2-30', '85', '1885/07']) expect(isImpreciseDate(v)).toBe(false);
});

test('a media type is type/subtype, with parameters or none', () => {
  for (const ok of ['application/pdf', 'image/svg+xml', 'text/plain; charset=utf-8', 'application/vnd.ms-excel'])
    expect(isMediaType(ok)).toBe(true);
  for (const bad of ['', 'pdf', 'application/', '/pdf', 'text plain', '<script>/x']) expect(isMediaType(bad)).toBe(false);
});
