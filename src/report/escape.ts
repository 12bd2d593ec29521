// Page-derived text (messages, selectors, URLs, quoted DOM text) is untrusted: every reporter
// escapes it for its output format here, in one place.

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };
export const escapeHtml = (s: unknown) => String(s ?? '').replace(/[&<>"'`]/g, (c) => HTML[c]);

// XML 1.0 forbids most control characters even as references: drop them.
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
export const escapeXml = (s: unknown) => escapeHtml(String(s ?? '').replace(XML_INVALID, '\uFFFD'));

/** Markdown inline text: HTML-escaped (GitHub renders raw HTML), markdown punctuation backslashed, one line. */
export const escapeMd = (s: unknown) =>
  escapeHtml(String(s ?? '').replace(/\s+/g, ' ').trim()).replace(/[\\`*_[\]|~]/g, (c) => `\\${c}`);

/** A run-folder-relative path as a URL path (each segment percent-encoded). */
export const pathUrl = (rel: string) => rel.split('/').map(encodeURIComponent).join('/');
