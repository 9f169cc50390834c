/** Where the site's message overrides for `lang` are asked for (spec 000 §7: GET /locale-overrides/{lang}). */
export const overridesPath = (lang: string): string => `/locale-overrides/${encodeURIComponent(lang)}`;
