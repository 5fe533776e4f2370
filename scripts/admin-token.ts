/**
 * Session tokens minted without Clerk, for trying the admin locally and for the tests (which import
 * `mintSessionToken`): an RS256 JWT shaped as Clerk's session token (v2), signed with a private key
 * whose public half the shop gets as CLERK_JWT_KEY, so the shop verifies it without calling Clerk.
 *
 *   node scripts/admin-token.ts [--key private.pem] [--origin http://localhost:4321] [--role admin|none]
 *                               [--user user_local_owner] [--minutes 60]
 *
 * Without --key it makes a key pair in .admin-token/ (once) and prints the CLERK_JWT_KEY line to put in
 * .env; then it prints the two cookies to set in the browser for `--origin`. See docs/running-the-shop.md.
 */
import { createSign, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The Frontend API host a token names as its issuer when none is given. */
export const LOCAL_ISSUER = 'https://clerk.tiflatzim.test';

export interface SessionTokenClaims {
  /** The signing key (PEM, PKCS#8 or PKCS#1). */
  privateKey: string;
  /** The shop's origin (Clerk's `azp`). */
  origin: string;
  userId: string;
  sessionId: string;
  /** `admin` puts `metadata: { role: 'admin' }` in the token (Clerk's documented roles pattern); undefined: no role. */
  role?: string | undefined;
  /** Claims the session token may be customised to carry besides `metadata`: `name`, `email`. */
  extra?: Record<string, unknown>;
  issuer?: string;
  lifetimeSeconds?: number;
  /** Seconds since 1970 (tests pass their clock). */
  now?: number;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A signed session token, and the `__client_uat` value clerk-js would set beside it. */
export function mintSessionToken(claims: SessionTokenClaims): { token: string; issuedAt: number } {
  const issuedAt = (claims.now ?? Math.floor(Date.now() / 1000)) - 5;
  const header = { alg: 'RS256', typ: 'JWT', kid: 'ins_tiflatzim_local' };
  const payload = {
    azp: claims.origin,
    exp: issuedAt + (claims.lifetimeSeconds ?? 600),
    iat: issuedAt,
    nbf: issuedAt - 5,
    iss: claims.issuer ?? LOCAL_ISSUER,
    sid: claims.sessionId,
    sub: claims.userId,
    sts: 'active',
    v: 2,
    ...(claims.role === undefined ? {} : { metadata: { role: claims.role } }),
    ...claims.extra,
  };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(claims.privateKey);
  return { token: `${unsigned}.${base64url(signature)}`, issuedAt };
}

/** CLERK_JWT_KEY's form in a .env file: the PEM with its newlines written `\n`. */
export const envJwtKey = (publicKeyPem: string) => publicKeyPem.trim().replaceAll('\n', '\\n');

function localKeyPair(folder: string): { privateKey: string; publicKey: string; made: boolean } {
  const privatePath = join(folder, 'private.pem');
  const publicPath = join(folder, 'public.pem');
  if (existsSync(privatePath) && existsSync(publicPath)) {
    return { privateKey: readFileSync(privatePath, 'utf8'), publicKey: readFileSync(publicPath, 'utf8'), made: false };
  }
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  mkdirSync(folder, { recursive: true });
  writeFileSync(privatePath, privateKey, { mode: 0o600 });
  writeFileSync(publicPath, publicKey);
  return { privateKey, publicKey, made: true };
}

function main(): void {
  const { values } = parseArgs({
    options: {
      key: { type: 'string' },
      origin: { type: 'string', default: 'http://localhost:4321' },
      role: { type: 'string', default: 'admin' },
      user: { type: 'string', default: 'user_local_owner' },
      minutes: { type: 'string', default: '60' },
    },
  });
  const minutes = Number(values.minutes);
  if (!Number.isInteger(minutes) || minutes < 1) {
    console.error('admin-token: --minutes takes a whole positive number');
    process.exit(2);
  }
  const folder = fileURLToPath(new URL('../.admin-token/', import.meta.url));
  const pair = values.key ? undefined : localKeyPair(folder);
  const privateKey = values.key ? readFileSync(values.key, 'utf8') : pair!.privateKey;
  if (pair) {
    console.log(
      `# ${pair.made ? 'A key pair was made' : 'The key pair'} in ${folder}. Put this line in .env and restart the shop:`,
    );
    console.log(`CLERK_JWT_KEY="${envJwtKey(pair.publicKey)}"`);
  }
  const { token, issuedAt } = mintSessionToken({
    privateKey,
    origin: values.origin,
    userId: values.user,
    sessionId: `sess_local_${issuedAt0()}`,
    role: values.role === 'none' ? undefined : values.role,
    extra: { name: 'בעל החנות (מקומי)' },
    lifetimeSeconds: minutes * 60,
  });
  console.log(`# Cookies for ${values.origin} (valid ${minutes} minutes), e.g. in the browser's console there:`);
  console.log(`document.cookie = "__session=${token}; path=/";`);
  console.log(`document.cookie = "__client_uat=${issuedAt}; path=/";`);
}

const issuedAt0 = () => Math.floor(Date.now() / 1000);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
