/**
 * Admin API calls for Vitest as the admin's pages send them: real Clerk session tokens minted offline
 * (scripts/admin-token.ts) with a key pair made here, whose public half the test shop gets as CLERK_JWT_KEY.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mintSessionToken } from '../../scripts/admin-token.ts';
import type { TestShop } from './shop.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
export const ADMIN_ORIGIN = 'http://shop.test';
export const CLERK_TEST_ENV = {
  PUBLIC_CLERK_PUBLISHABLE_KEY: `pk_live_${Buffer.from('clerk.tiflatzim.test$').toString('base64')}`,
  CLERK_SECRET_KEY: 'sk_live_tiflatzim_test_only_not_a_real_key',
  CLERK_JWT_KEY: publicKey,
};

/** A session token of a user with `role` (none: a shopper), optionally already expired or signed with another key. */
export function sessionOf(
  role: string | undefined,
  options: { userId?: string; name?: string; key?: string; now?: number; lifetimeSeconds?: number } = {},
): string {
  const userId = options.userId ?? `user_${role ?? 'shopper'}`;
  return mintSessionToken({
    privateKey: options.key ?? privateKey,
    origin: ADMIN_ORIGIN,
    userId,
    sessionId: `sess_${userId}`,
    role,
    extra: options.name ? { name: options.name } : {},
    ...(options.now ? { now: options.now } : {}),
    ...(options.lifetimeSeconds ? { lifetimeSeconds: options.lifetimeSeconds } : {}),
  }).token;
}

/** A forged copy of a token: its signature replaced. */
export const forged = (token: string) =>
  `${token.slice(0, token.lastIndexOf('.'))}.${Buffer.from('nope').toString('base64url')}`;

/** A token that expired an hour ago. */
export const expired = (role: string) =>
  sessionOf(role, { now: Math.floor(Date.now() / 1000) - 3600, lifetimeSeconds: 60 });

interface AdminCall {
  method?: string;
  body?: unknown;
  session?: string | null;
  ifMatch?: string;
}

/** `/api/admin<path>` with the session cookie, the shop's Origin on writes and a JSON body. */
export function adminCall(shop: TestShop, path: string, { method = 'GET', body, session, ifMatch }: AdminCall = {}) {
  const headers: Record<string, string> = {};
  if (session) headers.Cookie = `__session=${session}; __client_uat=1`;
  if (method !== 'GET' && method !== 'HEAD') headers.Origin = ADMIN_ORIGIN;
  if (ifMatch) headers['If-Match'] = ifMatch;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return shop.request(`/admin${path}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
}
