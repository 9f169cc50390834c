/**
 * What the document renderers (renderPdf, renderDocx) are given: a titled piece of rich text under a
 * letterhead. Both lay it out the same way: the letterhead at the top of the first page, the body's
 * blocks (richTextBlocks), and each page numbered at its foot.
 */
export interface DocumentSource {
  /** The document's title (the file's metadata; not drawn). */
  title: string;
  /** The letterhead, drawn large at the top of the first page: the site's name. */
  letterhead: string;
  /** A line under the letterhead (an organisation, an address), when there is one. */
  subhead?: string;
  /** The body: sanitized rich text (an HTM property's value). */
  html: string;
  /** The page number at each page's foot; `{page}` and `{pages}` are replaced. Default `Page {page} of {pages}`. */
  pageLabel?: string;
  /** The author in the file's metadata. */
  author?: string;
}

/** The page label when the caller gives none. */
export const DEFAULT_PAGE_LABEL = 'Page {page} of {pages}';
