/**
 * Contact messages, stored once per idempotency key (unique in the table): the form resends a draft's key after a failure
 * it cannot read, and a repeat inserts nothing and gets the first receipt. The one place messages are written.
 */
import type { ContactMessage, ContactReceipt } from '../../../lib/schemas.ts';
import { newId } from '../ids.ts';
import type { ShopDatabase } from '../tables.ts';

/** What an Idempotency-Key may be: 8 to 100 letters, digits and - _ . : (a UUID fits). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,100}$/;

/** PostgreSQL's text type cannot hold U+0000 (as in ../catalogue/catalogue-reads.ts). */
const withoutNul = (text: string) => text.replaceAll('\u0000', '');

export function createContactStore(db: ShopDatabase) {
  return {
    /** Stores the message (once per key); the receipt of the first message with this key. */
    async save(message: ContactMessage, key?: string): Promise<ContactReceipt> {
      const receipt = { _id: newId(), createdAt: new Date().toISOString() };
      const [result] = await db
        .insertInto('contact_message')
        .values({
          id: receipt._id,
          subject: withoutNul(message.subject),
          message: withoutNul(message.message),
          created_at: receipt.createdAt,
          idempotency_key: key ?? null,
        })
        .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
        .execute();
      if (!key || Number(result?.numInsertedOrUpdatedRows ?? 1n) > 0) return receipt;
      const first = await db
        .selectFrom('contact_message')
        .select(['id', 'created_at'])
        .where('idempotency_key', '=', key)
        .executeTakeFirstOrThrow();
      return { _id: first.id, createdAt: first.created_at };
    },
  };
}

export type ContactStore = ReturnType<typeof createContactStore>;
