/** A letter's text as rich text (through the one allow-list), in the read screen's rich-text style. */
import { sanitizeRichText } from '../../../shared/items/sanitizeRichText';

const RICH_TEXT =
  'text-ink [overflow-wrap:anywhere] [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_h4]:font-medium [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-6';

/** The letter's text. */
export function LetterBody({ html }: { html: string }) {
  return <div className={RICH_TEXT} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}
