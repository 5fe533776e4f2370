/** An import's result as the owner reads it on the command line (Hebrew, one item a line). */
import { spreadsheetMessages as messages } from './messages.ts';
import type { ImportResult } from './import.ts';

/** How many rows left alone are listed by line before the rest are only counted. */
const LISTED = 20;
const CELL = 80;

const short = (text: string) => {
  const line = text.replace(/\s+/g, ' ');
  return line.length > CELL ? `${line.slice(0, CELL - 1)}…` : line;
};

export function describeImport(result: ImportResult, { force = false }: { force?: boolean } = {}): string {
  const lines: string[] = [];
  if (result.problems.length > 0) {
    lines.push(messages.refused(result.problems.length));
    for (const problem of result.problems)
      lines.push(`  ${messages.where(problem.line, problem.column)}: ${problem.message}`);
    return lines.join('\n');
  }
  if (result.encoding) lines.push(messages.encoding(result.encoding));
  if (force) lines.push(messages.forced);
  const applied = result.applied;
  lines.push(applied ? messages.created(result.create.length) : messages.toCreate(result.create.length));
  for (const { line, animal } of result.create)
    lines.push(`  ${messages.where(line, null)}: ${animal.slug} — ${animal.name}`);
  lines.push(applied ? messages.changed(result.change.length) : messages.toChange(result.change.length));
  for (const { line, slug, name, changes } of result.change) {
    lines.push(`  ${messages.where(line, null)}: ${slug} — ${name}`);
    for (const change of changes) lines.push(`    ${change.field}: ${short(change.before)} → ${short(change.after)}`);
  }
  lines.push(applied ? messages.left(result.leave.length) : messages.toLeave(result.leave.length));
  const listed = result.leave.slice(0, LISTED).map(({ line, slug }) => `${line}:${slug}`);
  if (listed.length > 0) {
    const rest = result.leave.length - listed.length;
    lines.push(`  ${listed.join(', ')}${rest > 0 ? `, ${messages.andMore(rest)}` : ''}`);
  }
  if (result.notInFile > 0) lines.push(messages.notInFile(result.notInFile));
  if (result.create.length + result.change.length === 0) lines.push(messages.nothing);
  else if (!applied) lines.push(messages.dryRun);
  return lines.join('\n');
}
