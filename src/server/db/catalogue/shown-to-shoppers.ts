/**
 * What shoppers are shown: every animal but the hidden ones. It reads only the id, so a walk along an index holding
 * the id stays on the index; the hidden ids come from their own partial index.
 */
import { sql } from 'kysely';

export const SHOWN_TO_SHOPPERS = sql<boolean>`animal.id not in (select hidden_animal.id from animal as hidden_animal where hidden_animal.hidden)`;
