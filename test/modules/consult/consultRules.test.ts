/** The consultation module's pure rules: what a submission lacks, the agreement kinds' registry, GeoJSON shapes. */
import { agreementKindTable, AGREEMENT_KINDS } from '../../../src/modules/consult/agreementKinds';
import { missingForSubmission } from '../../../src/modules/consult/consultRules';
import { isGeometry } from '../../../src/modules/consult/consultValidators';

describe('consultation rules', () => {
  it('names every part a submission lacks, in the order of the form, and nothing once complete', () => {
    expect(missingForSubmission({ projectName: 'Road', projectDescription: '<p> </p>', primaryContacts: [] })).toEqual([
      'CNS_NO_REGION',
      'CNS_NO_STREAM',
      'CNS_NO_PROJECT_TYPE',
      'CNS_NO_PRIMARY_ORG',
      'CNS_NO_PRIMARY_CONTACT',
      'CNS_NO_RESPONSE_DATE',
      'CNS_NO_START',
      'CNS_NO_DESCRIPTION',
      'CNS_NO_LOCATION',
    ]);
    expect(
      missingForSubmission({
        region: 'N',
        stream: 'S',
        projectType: 'T',
        primaryOrg: { id: 'Organization-1' },
        primaryContacts: [{ id: 'Contact-1' }],
        requestedResponseDate: '2026-01-01',
        projectStartDt: '2026-02-01',
        projectDescription: '<p>A road</p>',
        locationDescription: 'North',
      }),
    ).toEqual([]);
  });

  it('registers agreement kinds once and in uppercase, in the words of spec 001 §5', () => {
    expect(AGREEMENT_KINDS).toContain('IMPACT_BENEFIT');
    expect(() => agreementKindTable([{ kind: 'Mou', module: 'a' }])).toThrow('Agreement kind Mou is not uppercase');
    expect(() =>
      agreementKindTable([
        { kind: 'MOU', module: 'a' },
        { kind: 'MOU', module: 'b' },
      ]),
    ).toThrow('Agreement kind MOU is already registered: by module a, again by module b');
  });

  it('takes GeoJSON geometries only', () => {
    expect(isGeometry({ type: 'Point', coordinates: [-120, 50] })).toBe(true);
    expect(isGeometry({ type: 'GeometryCollection', geometries: [{ type: 'Polygon', coordinates: [[[0, 0]]] }] })).toBe(true);
    expect(isGeometry({ type: 'Circle', coordinates: [0, 0] })).toBe(false);
    expect(isGeometry({ type: 'Point' })).toBe(false);
    expect(isGeometry('POINT(1 2)')).toBe(false);
  });
});
