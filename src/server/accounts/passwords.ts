import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Passwords hashed with scrypt, a memory-hard function: `scrypt$N$r$p$salt$hash` (base64url). */

/**
 * scrypt's cost N = 2^PASSWORD_SCRYPT_COST (15 unless set; 10 to 20). Each hash records its own N, so
 * a changed cost applies to new passwords and every stored one still verifies. The test run lowers it:
 * it hashes thousands of passwords, and what it tests is the rules around them, not the cost.
 */
function costN(): number {
  const cost = Number(process.env.PASSWORD_SCRYPT_COST ?? 15);
  return 2 ** (Number.isInteger(cost) && cost >= 10 && cost <= 20 ? cost : 15);
}
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Hashes a password with a fresh random salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const n = costN();
  const key = await scrypt(password, salt, n, R, P);
  return ['scrypt', n, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches `stored`; a missing or malformed hash never matches (but costs the same). */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$') ?? [];
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    await scrypt(password, randomBytes(16), costN(), R, P);
    return false;
  }
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A random password for the first administrator when none is configured. */
export function randomPassword(): string {
  return randomBytes(15).toString('base64url');
}
