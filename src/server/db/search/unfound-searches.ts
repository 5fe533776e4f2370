/**
 * What shoppers looked for and did not find, for the owner: cleaned, cut to 64 characters, never an e-mail or phone
 * number, counted per day for 90 days; counts gather in memory and are written every few seconds.
 */
import { sql } from 'kysely';
import type { ShopDatabase } from '../tables.ts';

const UNFOUND_TEXT_MAX = 64;
const UNFOUND_KEPT_DAYS = 90;
/** How often gathered counts are written. */
export const UNFOUND_FLUSH_MS = 10_000;

const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
/** Seven or more digits, spaces, dots, dashes, brackets or a leading + between them: a phone number. */
const PHONE = /(?:\+|\b)\d(?:[\s().-]*\d){6,}/;

/** The text as kept, or undefined when it is not kept (empty, an e-mail address, a phone number). */
export function keptUnfoundText(search: string): string | undefined {
  const text = search.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (!text || EMAIL.test(text) || PHONE.test(text)) return undefined;
  return [...text].slice(0, UNFOUND_TEXT_MAX).join('').trim();
}

const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

export interface UnfoundSearch {
  text: string;
  count: number;
  /** The last day it was searched for (YYYY-MM-DD). */
  lastDay: string;
}

export function createUnfoundSearches(db: ShopDatabase, { now = () => Date.now() } = {}) {
  /** Counts not yet written, by day and text. */
  let gathered = new Map<string, { day: string; text: string; count: number }>();
  let purgedDay = '';

  async function write(): Promise<void> {
    const rows = [...gathered.values()];
    if (rows.length === 0) return;
    gathered = new Map();
    for (const row of rows)
      await db
        .insertInto('unfound_search')
        .values(row)
        .onConflict((conflict) =>
          conflict.columns(['day', 'text']).doUpdateSet({ count: sql<number>`unfound_search.count + ${row.count}` }),
        )
        .execute();
    const today = dayOf(now());
    if (purgedDay !== today) {
      await db
        .deleteFrom('unfound_search')
        .where('day', '<', dayOf(now() - UNFOUND_KEPT_DAYS * 86_400_000))
        .execute();
      purgedDay = today;
    }
  }

  let writing: Promise<void> = Promise.resolve();
  const flush = () =>
    (writing = writing.then(write).catch((error: unknown) => {
      console.error(
        JSON.stringify({
          level: 'error',
          where: 'unfound-searches',
          error: { message: error instanceof Error ? error.message.split('\n')[0] : String(error) },
        }),
      );
    }));

  return {
    /** Counts a search that found nothing (if its text is kept at all). */
    record(search: string): void {
      const text = keptUnfoundText(search);
      if (!text) return;
      const day = dayOf(now());
      const key = `${day}\u0000${text}`;
      const row = gathered.get(key);
      if (row) row.count++;
      else gathered.set(key, { day, text, count: 1 });
    },

    /** Writes what was gathered (every UNFOUND_FLUSH_MS, and on shutdown). */
    flush,

    /** The most frequent texts of the last `days` days (90: all that are kept), most first. */
    async mostFrequent(limit = 100, days = UNFOUND_KEPT_DAYS): Promise<UnfoundSearch[]> {
      const rows = await db
        .selectFrom('unfound_search')
        .select(['text', sql<number | string>`sum(count)`.as('total'), sql<string>`max(day)`.as('last_day')])
        .where('day', '>=', dayOf(now() - Math.min(days, UNFOUND_KEPT_DAYS) * 86_400_000))
        .groupBy('text')
        .orderBy('total', 'desc')
        .orderBy('text')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ text: row.text, count: Number(row.total), lastDay: row.last_day }));
    },
  };
}

export type UnfoundSearches = ReturnType<typeof createUnfoundSearches>;
