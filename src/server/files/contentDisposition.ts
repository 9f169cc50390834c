/**
 * A Content-Disposition header value for `filename` (RFC 6266): an ASCII fallback in `filename`
 * and the exact name in `filename*` (RFC 8187), so no name can break out of the header.
 */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this strips
  const clean = filename.replace(/[\u0000-\u001F\u007F/\\]/g, '_').trim() || 'file';
  const ascii = clean.replace(/[^\x20-\x7E]/g, '_').replace(/["%]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
