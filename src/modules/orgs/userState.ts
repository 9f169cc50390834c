import type { AccountFacts } from '../../shared/modules/userAdmin';

/** How a contact stands as a user (spec 001 §3 Contact.$userState, dedicated deployments). */
export type UserState = 'NONE' | 'BLOCKED' | 'INVITED' | 'WEEK' | 'DAYS_30' | 'DAYS_60' | 'DAYS_90' | 'NORECENT' | 'NEVER';

const DAY = 86_400_000;

/** The state from the account's real sign-in history. */
export function userState(account: AccountFacts | null, now: Date): UserState {
  if (!account) return 'NONE';
  if (account.blocked) return 'BLOCKED';
  if (!account.hasPassword) return 'INVITED';
  if (!account.lastSignIn) return 'NEVER';
  const days = (now.getTime() - account.lastSignIn.getTime()) / DAY;
  if (days <= 7) return 'WEEK';
  if (days <= 30) return 'DAYS_30';
  if (days <= 60) return 'DAYS_60';
  if (days <= 90) return 'DAYS_90';
  return 'NORECENT';
}
