/**
 * A signed-in shopper's favourites kept in the account (GET and PUT /api/me/favorites), the same on every
 * device. Loaded only on a page whose shopper is signed in, on a deployment with the shop's server
 * (./hearts.ts); signed out, nothing is sent.
 * - On the first page after signing in, the browser's own list joins the account's (nothing lost on either
 *   side, ./favourite-list.ts joiningChanges); a copy of another account's list is replaced, never merged.
 * - Then the account's list is the truth: each page starts from it, and each change waits in the outbox
 *   (./store.ts) until the account has it. A change is sent on the list's version (If-Match); when another
 *   device changed it first (412), the change is made again on the list as it is now.
 * - The session is Clerk's cookie, or Clerk's fresh token once Clerk's code is on the page.
 */
import { etagOf } from '../../lib/record-version.ts';
import { joiningChanges, sameList, withChanges, type Change } from './favourite-list.ts';
import { ACCOUNT_KEY } from './markers.ts';
import { $favourites, dropSent, readOutbox, sendChangesTo, takeOutbox } from './store.ts';
import { heartStrings as t } from './strings.ts';

const ME_FAVOURITES = '/api/me/favorites';

interface AccountList {
  ids: string[];
  account: string;
  etag: string;
}

type Answer = { kind: 'list'; list: AccountList } | { kind: 'changed'; list: AccountList } | { kind: 'stop' };

/** Clerk's current session token once Clerk has loaded (the cookie may be older); else the cookie alone. */
async function authorization(): Promise<Record<string, string>> {
  const clerk = (window as { Clerk?: { session?: { getToken(): Promise<string | null> } | null } }).Clerk;
  const token = await clerk?.session?.getToken().catch(() => null);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function call(method: 'GET' | 'PUT', body?: { ids: readonly string[]; etag: string }): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(ME_FAVOURITES, {
      method,
      credentials: 'same-origin',
      cache: 'no-store',
      headers: {
        Accept: 'application/json',
        ...(await authorization()),
        ...(body ? { 'Content-Type': 'application/json', 'If-Match': body.etag } : {}),
      },
      ...(body ? { body: JSON.stringify({ ids: body.ids }) } : {}),
    });
  } catch {
    return { kind: 'stop' };
  }
  if (response.status !== 200 && response.status !== 412) return { kind: 'stop' };
  const { ids, account } = (await response.json()) as { ids: string[]; account: string };
  const list = { ids, account, etag: response.headers.get('ETag') ?? etagOf(0) };
  return { kind: response.status === 200 ? 'list' : 'changed', list };
}

function owner(): string | null {
  try {
    return localStorage.getItem(ACCOUNT_KEY);
  } catch {
    return null;
  }
}

function setOwner(account: string): void {
  try {
    localStorage.setItem(ACCOUNT_KEY, account);
  } catch {
    // Refused: the next page joins the lists again, which changes nothing.
  }
}

/** Starts keeping the favourites in the account; `notify` shows a message (the limit). */
export function startAccountSync(notify: (message: string) => void): void {
  let account: AccountList | undefined;
  let running = false;
  let again = false;

  /** Brings the account up to the outbox (and, on the first page after signing in, the browser's own list). */
  async function run(): Promise<void> {
    let joining: Change[] = [];
    if (!account) {
      const answer = await call('GET');
      if (answer.kind !== 'list') return;
      account = answer.list;
      const before = owner();
      if (before === null) {
        const joined = joiningChanges($favourites.get(), account.ids);
        joining = joined.changes;
        if (joined.left > 0) notify(t.mergedTooMany(joined.left));
      } else if (before !== account.account) {
        // This browser held another account's list: none of it, nor its unsent changes, is this one's.
        takeOutbox();
      }
      setOwner(account.account);
    }
    for (;;) {
      const queued = readOutbox();
      const { ids, refused } = withChanges(withChanges(account.ids, joining).ids, queued);
      if (refused > 0) notify(t.tooMany);
      if (!sameList(ids, account.ids)) {
        const answer = await call('PUT', { ids, etag: account.etag });
        if (answer.kind === 'stop') return;
        account = answer.list;
        // Another device changed the list first: the same changes again, on the list as it is now.
        if (answer.kind === 'changed') continue;
      }
      joining = [];
      dropSent(queued);
      if (readOutbox().length === 0) break;
    }
    $favourites.set(account.ids);
  }

  async function wake(): Promise<void> {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await run();
      } while (again);
    } catch (error) {
      console.error(error);
    } finally {
      running = false;
    }
  }

  sendChangesTo(() => void wake());
  void wake();
}
