/**
 * Lenient percent-decoding, the way common servers (and the WHATWG URL standard) read URLs:
 * a `%` that does not start a valid escape (`%` + two hex digits) is a literal `%`, and escapes
 * that do not spell valid UTF-8 decode to U+FFFD. So `search=100%` means '100%', `a%zz` means
 * 'a%zz' — never an error. The API (src/server/api) and the pages (via scripts/serve.ts) share it.
 */

const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
/** A `%` that is not followed by two hex digits. */
const LONE_PERCENT = /%(?![0-9A-Fa-f]{2})/g;
const lenientUtf8 = new TextDecoder('utf-8');
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const utf8 = new TextEncoder();

function bytesOf(run: string): Uint8Array {
  const bytes = new Uint8Array(run.length / 3);
  for (let index = 0; index < bytes.length; index++)
    bytes[index] = Number.parseInt(run.slice(index * 3 + 1, index * 3 + 3), 16);
  return bytes;
}

/** Decodes percent escapes leniently (see above). Does not turn `+` into a space (paths). */
export function lenientDecode(text: string): string {
  if (!text.includes('%')) return text;
  return text.replace(ESCAPE_RUN, (run) => lenientUtf8.decode(bytesOf(run)));
}

/** Decodes one query-string component leniently: `+` is a space, as in forms. */
export function lenientDecodeQueryComponent(text: string): string {
  return lenientDecode(text.replaceAll('+', ' '));
}

function percentEncodeUtf8(text: string): string {
  let out = '';
  for (const byte of utf8.encode(text)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

/**
 * The same request target, rewritten so that strict decoders (decodeURI, decodeURIComponent) accept
 * it and read what lenientDecode reads: a lone `%` becomes `%25`, and a run of escapes that is not
 * valid UTF-8 is re-encoded with U+FFFD in place of its bad bytes. Valid targets come back unchanged.
 */
export function normalizePercentEscapes(target: string): string {
  if (!target.includes('%')) return target;
  return target.replace(LONE_PERCENT, '%25').replace(ESCAPE_RUN, (run) => {
    const bytes = bytesOf(run);
    try {
      strictUtf8.decode(bytes);
      return run;
    } catch {
      return percentEncodeUtf8(lenientUtf8.decode(bytes));
    }
  });
}
