/**
 * Nothing typed is lost by leaving the page: while any admin form on it has unsaved changes, a link
 * of the page asks first (in Hebrew, the browser's confirm), and closing, reloading or typing another
 * address gets the browser's own warning (`beforeunload`, whose text browsers do not let a page set).
 * Each form says whether it has unsaved changes under its own key.
 */
import { useEffect } from 'react';
import { adminStrings } from './strings.ts';

const unsaved = new Set<string>();
let installed = false;
/** The owner already said yes to leaving (a link's question): the browser does not ask again. */
let leaving = false;

function followsLink(event: MouseEvent): HTMLAnchorElement | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return undefined;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return undefined;
  if (link.target && link.target !== '_self') return undefined;
  const to = new URL(link.href, location.href);
  // A link within the page (#…) leaves nothing.
  if (to.origin === location.origin && to.pathname === location.pathname && to.search === location.search && to.hash)
    return undefined;
  return link;
}

function install() {
  if (installed) return;
  installed = true;
  addEventListener('beforeunload', (event) => {
    if (unsaved.size === 0 || leaving) return;
    event.preventDefault();
    // Older browsers ask only when returnValue is set.
    event.returnValue = '';
  });
  addEventListener('pageshow', () => {
    leaving = false;
  });
  document.addEventListener(
    'click',
    (event) => {
      if (unsaved.size === 0 || !followsLink(event)) return;
      if (confirm(adminStrings.leave.confirm)) leaving = true;
      else event.preventDefault();
    },
    true,
  );
}

/** The page moves on by itself after a save (a new animal to its own page): nothing to ask. */
export function leaveWithoutAsking(): void {
  leaving = true;
}

/** Marks the form under `key` as having unsaved changes (or not). */
function setUnsaved(key: string, dirty: boolean): void {
  if (typeof window === 'undefined') return;
  install();
  if (dirty) unsaved.add(key);
  else unsaved.delete(key);
}

/** While `dirty`, leaving the page asks first; a form that goes away takes its changes' question with it. */
export function useLeaveGuard(key: string, dirty: boolean): void {
  useEffect(() => {
    setUnsaved(key, dirty);
    return () => setUnsaved(key, false);
  }, [key, dirty]);
}
