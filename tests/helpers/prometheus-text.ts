/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4), for tests: every line must be
 * a `# HELP`, a `# TYPE`, a blank line or a sample `name{label="value",…} number`; anything else fails the
 * test. Label values are unescaped (\\, \", \n). (The parser on the registry drops a labelled histogram's
 * labels, so the tests read the format themselves.)
 */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  /** Each family's declared type, by name. */
  types: Map<string, string>;
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(?:,|$)/y;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/** A sample's value; NaN and Inf in any case, as Prometheus reads them (prom-client writes `Nan`). */
function number(text: string, line: string): number {
  if (/^nan$/i.test(text)) return NaN;
  if (/^[+-]?inf$/i.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  const value = Number(text);
  if (Number.isNaN(value) || text.trim() === '') throw new Error(`not a number: ${text} (in ${line})`);
  return value;
}

function labelsOf(text: string | undefined, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  if (!text) return labels;
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match) throw new Error(`bad labels in: ${line}`);
    labels[match[1]!] = match[2]!.replace(/\\(.)/g, (_, escaped: string) => (escaped === 'n' ? '\n' : escaped));
  }
  return labels;
}

export function parseExposition(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('# HELP ')) continue;
    if (line.startsWith('# TYPE ')) {
      const [, name, type] = line.split(' ').slice(1);
      if (!name || !type || !TYPES.has(type)) throw new Error(`bad TYPE line: ${line}`);
      types.set(name, type);
      continue;
    }
    if (line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    samples.push({ name: match[1]!, labels: labelsOf(match[2], line), value: number(match[3]!, line) });
  }
  return { types, samples };
}

/** The value of the sample `name` whose labels include `labels` (0 when there is none). */
export function sampleValue(exposition: Exposition, name: string, labels: Record<string, string> = {}): number {
  const sample = exposition.samples.find(
    (candidate) =>
      candidate.name === name && Object.entries(labels).every(([key, wanted]) => candidate.labels[key] === wanted),
  );
  return sample?.value ?? 0;
}
