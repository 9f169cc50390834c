/** Password hashes (scrypt): the cost a hash was made at travels with it, so a changed cost locks no one out. */
import { hashPassword, verifyPassword } from '../../src/server/accounts/passwords';

const withCost = async <T>(cost: string | undefined, run: () => Promise<T>): Promise<T> => {
  const before = process.env.PASSWORD_SCRYPT_COST;
  if (cost === undefined) delete process.env.PASSWORD_SCRYPT_COST;
  else process.env.PASSWORD_SCRYPT_COST = cost;
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env.PASSWORD_SCRYPT_COST;
    else process.env.PASSWORD_SCRYPT_COST = before;
  }
};

test('hashes at 2^15 unless the cost is set, and a hash made at one cost verifies at another', async () => {
  const site = await withCost(undefined, () => hashPassword('correct horse battery staple'));
  expect(site.split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
  const cheap = await withCost('10', () => hashPassword('correct horse battery staple'));
  expect(cheap.split('$')[1]).toBe('1024');
  expect(await withCost(undefined, () => verifyPassword('correct horse battery staple', cheap))).toBe(true);
  expect(await withCost('10', () => verifyPassword('correct horse battery staple', site))).toBe(true);
  expect(await withCost('10', () => verifyPassword('wrong horse', site))).toBe(false);
  // Out of range or not a number: the site's cost.
  expect((await withCost('4', () => hashPassword('x'))).split('$')[1]).toBe('32768');
  expect((await withCost('lots', () => hashPassword('x'))).split('$')[1]).toBe('32768');
});
