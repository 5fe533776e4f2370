/** The catalogue spreadsheet as a file: its columns, encodings and cells; CSV itself is csv-parse / csv-stringify. */
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { spreadsheetMessages as messages } from './messages.ts';

export const COLUMNS = [
  'id',
  'slug',
  'name',
  'description',
  'price',
  'countInStock',
  'rating',
  'numReviews',
  'category',
  'hidden',
  'version',
] as const;
export type Column = (typeof COLUMNS)[number];

export const ENCODINGS = ['utf-8', 'windows-1255'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Something wrong in the file, at a line (1 is the header) and, when it is one cell's fault, a column. */
export interface Problem {
  line: number;
  column: Column | null;
  message: string;
}

export class SpreadsheetError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(problems.map((problem) => problem.message).join('\n'));
    this.name = 'SpreadsheetError';
    this.problems = problems;
  }
}

/** A cell a spreadsheet would run as a formula (CSV injection) gets a leading apostrophe; one more when it starts with apostrophes already. */
const FORMULA_LIKE = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;

function guardCell(value: string): string {
  return FORMULA_LIKE.test(value) ? `'${value}` : value;
}

function unguardCell(value: string): string {
  return GUARDED.test(value) ? value.slice(1) : value;
}

/** The export's bytes: UTF-8 with a byte-order mark (so Excel opens Hebrew correctly), CRLF lines. */
export function writeCsv(rows: readonly (readonly string[])[]): Buffer {
  const text = stringify(
    rows.map((row) => row.map(guardCell)),
    { bom: true, record_delimiter: 'windows' },
  );
  return Buffer.from(text, 'utf8');
}

/** The file's text: UTF-8 (BOM or not) or Windows-1255, detected unless `forced`. */
export function decodeCsv(bytes: Uint8Array, forced?: Encoding): { text: string; encoding: Encoding } {
  const fail = (message: string) => new SpreadsheetError([{ line: 1, column: null, message }]);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) throw fail(messages.utf16);
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const utf8 = () => new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  if (forced === 'windows-1255' && !hasBom) {
    try {
      return { text: new TextDecoder('windows-1255', { fatal: true }).decode(bytes), encoding: 'windows-1255' };
    } catch {
      throw fail(messages.notWindows1255);
    }
  }
  try {
    return { text: utf8(), encoding: 'utf-8' };
  } catch {
    if (forced === 'utf-8' || hasBom) throw fail(messages.notUtf8);
  }
  try {
    return { text: new TextDecoder('windows-1255', { fatal: true }).decode(bytes), encoding: 'windows-1255' };
  } catch {
    throw fail(messages.notUtf8);
  }
}

interface CsvRecord {
  /** The line the record starts on (a quoted line break makes a record span lines). */
  line: number;
  cells: string[];
}

const LINE_BREAKS = /\r\n|\n|\r/g;

/** The line of the quote that never closes (csv-parse names the file's last line). */
function unclosedQuoteLine(text: string): number {
  let line = 1;
  let opened = 1;
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (character === '"') {
      quoted = !quoted;
      if (quoted) opened = line;
    } else if (character === '\n' || (character === '\r' && text[index + 1] !== '\n')) {
      line += 1;
    }
  }
  return opened;
}

/**
 * The records that hold anything, each with its first line (counted here: with several record delimiters csv-parse's
 * count is not the file's); unreadable CSV is a SpreadsheetError. Lines may end in CRLF, LF or CR, mixed.
 */
export function readCsv(text: string): CsvRecord[] {
  let parsed: string[][];
  try {
    parsed = parse(text, { record_delimiter: ['\r\n', '\n', '\r'], relax_column_count: true, bom: true });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const unclosed = error.code === 'CSV_QUOTE_NOT_CLOSED';
    const line = unclosed ? unclosedQuoteLine(text) : Number((error as CsvError & { lines?: number }).lines) || 1;
    const message = unclosed
      ? messages.quoteNotClosed
      : error.code === 'CSV_INVALID_CLOSING_QUOTE' || error.code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE'
        ? messages.badQuote
        : messages.unreadable(error.code);
    throw new SpreadsheetError([{ line, column: null, message }]);
  }
  const records: CsvRecord[] = [];
  let line = 1;
  for (const record of parsed) {
    if (record.some((cell) => cell !== '')) records.push({ line, cells: record.map(unguardCell) });
    line += 1 + record.reduce((count, cell) => count + (cell.match(LINE_BREAKS)?.length ?? 0), 0);
  }
  return records;
}
