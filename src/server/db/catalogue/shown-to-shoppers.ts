/**
 * What shoppers are shown: every animal but the hidden ones (the owner's `hidden`, migration 0009).
 * A condition on `animal` that reads only its id, so a walk along a sort or category index that holds
 * the id stays on the index; the hidden ones' ids come from their own partial index (migration 0010),
 * read once per query. Every shopper's read in SQL uses it: the catalogue index's reading, an animal's
 * page, sitemaps — and so the static build.
 */
import { sql } from 'kysely';

export const SHOWN_TO_SHOPPERS = sql<boolean>`animal.id not in (select hidden_animal.id from animal as hidden_animal where hidden_animal.hidden)`;
