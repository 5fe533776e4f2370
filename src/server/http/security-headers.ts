/**
 * Security headers on every answer (docs/decisions/0009-hardened-server.md). The pages' script and style policy is
 * Astro's `security.csp`; a <meta> policy cannot carry frame-ancestors, so every answer also gets a header policy
 * (the two add up). Answers that are not HTML get `default-src 'none'`.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { clerkSources, pageLoadsClerk, withSources } from './page-policy.ts';
import type { ClerkBrowserSettings } from '../clerk-settings.ts';

/** Browser features the shop does not use, turned off for it and for anything it could embed. */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** The header policy of HTML answers, on top of the page's own script-src / style-src. */
const PAGE_FRAME_POLICY = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'";
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export const FIXED_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': PERMISSIONS_POLICY,
};

/** The fixed headers at once; the policy when the headers are written (it depends on the Content-Type, and on Astro's own). */
export interface SecurityHeaderOptions {
  hsts: boolean;
  /** Clerk's browser settings when sign-in is configured (its origins join the policy of pages that load it). */
  clerk?: (() => ClerkBrowserSettings | undefined) | undefined;
}

export function applySecurityHeaders(res: ServerResponse, options: SecurityHeaderOptions): void {
  for (const [name, value] of Object.entries(FIXED_SECURITY_HEADERS)) res.setHeader(name, value);
  if (options.hsts) res.setHeader('Strict-Transport-Security', HSTS_VALUE);
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    // Headers handed to writeHead() win over setHeader(); move them over so that one place is read.
    const object = rest.find(
      (value): value is OutgoingHttpHeaders => typeof value === 'object' && value !== null && !Array.isArray(value),
    );
    if (object) {
      for (const [name, value] of Object.entries(object)) if (value !== undefined) this.setHeader(name, value);
    }
    addPolicy(this, status, options);
    const message = rest.find((value) => typeof value === 'string');
    return message === undefined ? writeHead(status) : writeHead(status, message);
  };
}

/** The Content-Type of the answer a 304 stands for (a 304 has none of its own). */
const representationTypes = new WeakMap<ServerResponse, string>();

export function noteRepresentationType(res: ServerResponse, type: string): void {
  representationTypes.set(res, type);
}

function addPolicy(res: ServerResponse, status: number, options: SecurityHeaderOptions): void {
  const existing = res.getHeader('Content-Security-Policy');
  const policies = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  if (policies.some((policy) => /(?:^|;)\s*frame-ancestors\b/i.test(policy))) return;
  // A 304 gets its 200's policy: the edge tells what the 200 was; a 304 it did not describe says nothing.
  const type = res.getHeader('Content-Type') ?? representationTypes.get(res);
  if (status === 304 && type === undefined) return;
  const html = /^text\/html\b/i.test(String(type ?? ''));
  if (!html) {
    res.setHeader('Content-Security-Policy', [...policies, NON_PAGE_POLICY]);
    return;
  }
  const clerk = options.clerk?.();
  const request = res.req;
  if (clerk && request && policies.length > 0) {
    const url = new URL(request.url ?? '/', 'http://shop');
    if (pageLoadsClerk(url, request.headers.cookie ?? '')) {
      const sources = clerkSources(clerk);
      policies.splice(
        0,
        policies.length,
        ...policies.map((policy) => (/\bscript-src\b/.test(policy) ? withSources(policy, sources) : policy)),
      );
    }
  }
  res.setHeader('Content-Security-Policy', [...policies, PAGE_FRAME_POLICY]);
}
