/**
 * The API's base address: PUBLIC_API_URL as the build wrote it in (validated in src/server/config.ts,
 * trailing slash dropped); the same origin's /api where no build did (unit tests, scripts). Its own
 * module, so a page script that needs only the address (the header's suggestions) does not load the
 * whole client (./client.ts).
 */
export const API_BASE: string = import.meta.env?.PUBLIC_API_URL ?? '/api';
