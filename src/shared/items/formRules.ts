import { DATE_UPPER_BOUND } from '../constants';

/** Form rules of spec 000 §5 as plain predicates, shared by the yup schemas and the screens. */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const PHONE = /^(?<main>[+()0-9\s.-]+?)(\s*(ext:?|x)\s*(?<ext>[0-9]+))?$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const IMPRECISE_DATE = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/;

export const isEmail = (v: string): boolean => EMAIL.test(v);
export const isHexColour = (v: string): boolean => HEX.test(v);
export const isLowercase = (v: string): boolean => v === v.toLowerCase();
/** A media type, `type/subtype` with parameters or none (`text/plain; charset=utf-8`). */
export const isMediaType = (v: string): boolean => /^[a-z0-9][\w!#$&^.+-]*\/[a-z0-9][\w!#$&^.+-]*\s*(;.*)?$/i.test(v);
/** A release version vX.Y.Z. */
export const isVersion = (v: string): boolean => /^v\d{1,4}\.\d{1,4}\.\d{1,4}$/.test(v);

/** Compares versions vX.Y.Z numerically (negative when `a` is older). */
export function compareVersions(a: string, b: string): number {
  const pa = a.slice(1).split('.').map(Number);
  const pb = b.slice(1).split('.').map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}

/** A phone number of at least 7 digits, with an optional extension. */
export function isPhone(v: string): boolean {
  const m = PHONE.exec(v.trim());
  if (!m?.groups?.main) return false;
  return (m.groups.main.match(/[0-9]/g) ?? []).length >= 7;
}

/** An absolute http or https URL. */
export function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

function isRealDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A calendar date YYYY-MM-DD, no later than the date upper bound. */
export function isDate(v: string): boolean {
  const m = DATE.exec(v);
  return !!m && isRealDate(+m[1]!, +m[2]!, +m[3]!) && v <= DATE_UPPER_BOUND;
}

/** A date-time in ISO 8601 with a zone, no later than the date upper bound. */
export function isDateTime(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) return false;
  const t = Date.parse(v);
  return Number.isFinite(t) && isDate(new Date(t).toISOString().slice(0, 10));
}

/** An imprecise date: YYYY, YYYY-M or YYYY-M-D. */
export function isImpreciseDate(v: string): boolean {
  const m = IMPRECISE_DATE.exec(v);
  if (!m) return false;
  const y = +m[1]!;
  if (m[2] === undefined) return `${m[1]}` <= DATE_UPPER_BOUND.slice(0, 4);
  const mo = +m[2];
  if (mo < 1 || mo > 12) return false;
  if (m[3] === undefined) return true;
  return isRealDate(y, mo, +m[3]) && y <= +DATE_UPPER_BOUND.slice(0, 4);
}

/** Formats a 10-digit US number (or 11 with a leading 1) as (AAA) BBB-CCCC [ext: N]. */
export function formatUsPhone(v: string): string {
  const m = PHONE.exec(v.trim());
  if (!m?.groups?.main) return v;
  let digits = m.groups.main.replace(/[^0-9]/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return v;
  const main = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  return m.groups.ext ? `${main} ext: ${m.groups.ext}` : main;
}
