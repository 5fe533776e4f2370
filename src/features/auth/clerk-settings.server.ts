/**
 * This process's Clerk settings, read and validated in src/server/clerk-settings.ts once, on first use. The types and the reader are re-exported for the auth components.
 */
import { readClerkSettings, type ClerkSettings } from '../../server/clerk-settings.ts';

export {
  CLERK_VARIABLES,
  isPublishableKey,
  readClerkSettings,
  type ClerkBrowserReading,
  type ClerkBrowserSettings,
  type ClerkProblem,
} from '../../server/clerk-settings.ts';

let current: ClerkSettings | undefined;

/** This process's settings (read once). Logs once when keys are present but unusable. */
export function clerkSettings(): ClerkSettings {
  if (current) return current;
  current = readClerkSettings(process.env, import.meta.env.SHOP_CLERK_SELF_HOSTED !== false);
  if (!current.configured && current.problems.some((problem) => problem.problem === 'invalid')) {
    const names = current.problems.map((problem) => `${problem.variable} (${problem.problem})`).join(', ');
    console.warn(`Clerk: sign-in is off, check ${names}`);
  }
  return current;
}
