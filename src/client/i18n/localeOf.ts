/** The locale the route carries (`?lang=fr`), default `en` (spec 000 §2 Routing). */
export function localeOf(search: string): string {
  const lang = new URLSearchParams(search).get('lang');
  return lang && /^[a-z]{2}(-[A-Z]{2})?$/.test(lang) ? lang : 'en';
}
