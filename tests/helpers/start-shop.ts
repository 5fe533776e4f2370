/**
 * A server's start, as a child process for tests: loads everything, prints "ready", waits for a
 * line "go" on stdin, then opens the shop exactly as scripts/serve.ts does (migrate, seed if empty)
 * and prints "ok" (exit 0) or "failed: <reason>" (exit 1). Settings come from the environment.
 * Several of these released together start "at once" far more tightly than whole servers would.
 */
import { createInterface } from 'node:readline';
import { loadConfig } from '../../src/server/config.ts';
import { openShop } from '../../src/server/shop.ts';

const config = loadConfig();
await import(config.database.kind === 'postgres' ? 'pg' : 'better-sqlite3');
console.log('ready');
for await (const line of createInterface({ input: process.stdin })) if (line.trim() === 'go') break;
try {
  const shop = await openShop(config);
  await shop.close();
  console.log('ok');
  process.exit(0);
} catch (error) {
  console.log(`failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
