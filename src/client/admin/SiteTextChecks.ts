/** The browser's checks of a site text before it is sent (the server checks the ICU syntax again). */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** A problem with a text: a message key of the catalogue and its values. */
export interface SiteTextProblem {
  key: 'errors.invalidMessage' | 'errors.unknownArgument';
  values?: Record<string, string>;
}

function collect(elements: MessageFormatElement[], names: Set<string>): void {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    names.add(element.value);
    if (element.type === TYPE.select || element.type === TYPE.plural) {
      for (const option of Object.values(element.options)) collect(option.value, names);
    } else if (element.type === TYPE.tag) {
      collect(element.children, names);
    }
  }
}

/** The values a message fills in (arguments and tags), or null when it is not an ICU message. */
export function placeholdersOf(message: string): string[] | null {
  try {
    const names = new Set<string>();
    collect(parse(message), names);
    return [...names];
  } catch {
    return null;
  }
}

/** Why `text` cannot replace `original` (the bundled text, if the key has one), or null. */
export function checkSiteText(text: string, original: string | undefined): SiteTextProblem | null {
  const used = placeholdersOf(text);
  if (used === null) return { key: 'errors.invalidMessage' };
  const known = original === undefined ? null : placeholdersOf(original);
  if (known === null) return null;
  // The app passes only the original's values: any other would show as raw braces, or fail to format.
  const unknown = used.filter((name) => !known.includes(name));
  return unknown.length > 0 ? { key: 'errors.unknownArgument', values: { names: unknown.map((n) => `{${n}}`).join(', ') } } : null;
}
