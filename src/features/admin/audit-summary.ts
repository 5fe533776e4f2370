/** One audit entry in a line the owner reads: what it was about, and for a change the fields that changed. */
/** An audit entry as the admin shows it (src/server/db/catalogue/audit.ts's record). */
export interface AuditLine {
  id: number;
  at: string;
  actor: string;
  actorName: string | null;
  action: string;
  before: unknown;
  after: unknown;
}

const record = (value: unknown) =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
/** Fields that say nothing to the owner in a list of changes. */
const QUIET = new Set(['version', '_id', 'img']);

export function auditSummary({ before, after }: Pick<AuditLine, 'before' | 'after'>): {
  subject: string;
  changes: string[];
} {
  const old = record(before);
  const now = record(after);
  const subject = shown(now?.['name'] ?? old?.['name'] ?? '');
  if (!old || !now) return { subject, changes: [] };
  const changes = Object.keys(now)
    .filter((field) => !QUIET.has(field) && JSON.stringify(old[field]) !== JSON.stringify(now[field]))
    .map((field) => `${field}: ${shown(old[field])} ← ${shown(now[field])}`);
  return { subject, changes };
}
