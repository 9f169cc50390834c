/** The one allow-list of rich text (HTM) both the server (on write) and the browser (show, editor output) apply. */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'blockquote'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // What the browser's own editing commands produce, mapped onto the allowed tags.
  transformTags: { b: 'strong', i: 'em', strike: 's', div: 'p' },
  // Script and style bodies are dropped with their tags, never kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe'],
};

/** Rich text reduced to the allowed tags; links keep only http, https and mailto targets. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
