/**
 * The project's XSS payloads, for every field a visitor or an editor can fill: script and event-handler
 * HTML, dangerous link schemes in Markdown and in HTML, and addresses that leave the shop while looking
 * like its own paths. A page that shows any of them must run nothing: tests check that no `alert`
 * fires and that no element with an event handler or a script URL is left.
 */
export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">קישור</a>',
  '[קישור](javascript:alert(1))',
  '[קישור](JaVaScRiPt:alert(1))',
  '[קישור](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[קישור](vbscript:msgbox(1))',
  '[קישור](//evil.test/steal)',
  '[קישור](/\\evil.test)',
  '![תמונה](x" onerror="alert(1))',
  '<javascript:alert(1)>',
  '<style>body{display:none}</style>',
  '<details open ontoggle=alert(1)>',
  '`<script>alert(1)</script>`',
] as const;

const SAFE_TAG =
  /^<\/?(?:p|em|strong|ul|ol|li|blockquote|h3|h4|br|code)>$|^<\/a>$|^<a href="(?:https?:|mailto:|\/(?![/\\]))[^"]*">$/;

/** The tags of HTML made from the payloads that are not plain Markdown output (text is text: it runs nothing). */
export function unsafeTags(html: string): string[] {
  return (html.match(/<[^>]*>/g) ?? []).filter((tag) => !SAFE_TAG.test(tag));
}
