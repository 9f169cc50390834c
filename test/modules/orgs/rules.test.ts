import { meetingStatus } from '../../../src/modules/orgs/meetingStatus';
import { userState } from '../../../src/modules/orgs/userState';
import { orgContactError, orgOptions } from '../../../src/shared/items/orgContactRules';

describe('meeting status', () => {
  const at = (s: string) => new Date(s);
  test('PENDING before the start, ONGOING between start and end, PAST after', () => {
    const m = { date: '2026-03-10', start: '09:00', end: '11:30' };
    expect(meetingStatus(m, at('2026-03-10T08:59:00'))).toBe('PENDING');
    expect(meetingStatus(m, at('2026-03-10T10:00:00'))).toBe('ONGOING');
    expect(meetingStatus(m, at('2026-03-10T11:30:59'))).toBe('ONGOING');
    expect(meetingStatus(m, at('2026-03-10T11:31:00'))).toBe('PAST');
  });
  test('a missing start counts as 00:00 and a missing end as 23:59', () => {
    expect(meetingStatus({ date: '2026-03-10' }, at('2026-03-10T00:00:30'))).toBe('ONGOING');
    expect(meetingStatus({ date: '2026-03-10' }, at('2026-03-10T23:59:59'))).toBe('ONGOING');
    expect(meetingStatus({ date: '2026-03-10' }, at('2026-03-11T00:00:00'))).toBe('PAST');
    expect(meetingStatus({}, at('2026-03-11T00:00:00'))).toBeNull();
  });
});

describe('user state', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
  test.each([
    [null, 'NONE'],
    [{ blocked: true, hasPassword: true, lastSignIn: daysAgo(1) }, 'BLOCKED'],
    [{ blocked: false, hasPassword: false, lastSignIn: null }, 'INVITED'],
    [{ blocked: false, hasPassword: true, lastSignIn: null }, 'NEVER'],
    [{ blocked: false, hasPassword: true, lastSignIn: daysAgo(3) }, 'WEEK'],
    [{ blocked: false, hasPassword: true, lastSignIn: daysAgo(20) }, 'DAYS_30'],
    [{ blocked: false, hasPassword: true, lastSignIn: daysAgo(45) }, 'DAYS_60'],
    [{ blocked: false, hasPassword: true, lastSignIn: daysAgo(80) }, 'DAYS_90'],
    [{ blocked: false, hasPassword: true, lastSignIn: daysAgo(400) }, 'NORECENT'],
  ] as const)('%p is %s', (facts, state) => {
    expect(userState(facts, now)).toBe(state);
  });
});

describe('organisation and contact choice', () => {
  const c = (id: string, orgs: string[], blocked = false) => ({ id, orgs, blocked });
  test('each rule answers its key', () => {
    expect(orgContactError(null, [])).toBe('errors.noOrg');
    expect(orgContactError(null, [], { optional: true })).toBeNull();
    expect(orgContactError(null, [c('Contact-1', ['Organization-1'])])).toBe('errors.chooseOrg');
    expect(orgContactError('Organization-1', [c('Contact-1', [])])).toBe('errors.noOrg');
    expect(orgContactError('Organization-1', [c('Contact-1', ['Organization-2'])])).toBe('errors.notInOrg');
    expect(orgContactError('Organization-1', [c('Contact-1', ['Organization-1'], true)])).toBe('errors.blockedContact');
    expect(orgContactError('Organization-1', [c('Contact-1', ['Organization-2', 'Organization-1'])])).toBeNull();
  });
  test('an organisation is never offered as its own option', () => {
    expect(orgOptions([{ id: 'Organization-1' }, { id: 'Organization-2' }], 'Organization-1')).toEqual([{ id: 'Organization-2' }]);
  });
});
