/**
 * The share button's behaviour (./ShareButton.astro): `navigator.share` with the page's title and
 * address where the browser has it (a shopper who closes the sheet has simply not shared), else the
 * address written to the clipboard and the notice said in the button's live region. The address is
 * the page's canonical one (without the query a shopper arrived with), else the one in the bar.
 * A module with nothing to export: the page frame (../layout/frame-behaviours.ts) imports it for its effect.
 */
import { shareStrings as t } from './strings.ts';

function pageAddress(): string {
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  if (canonical) return canonical;
  const here = new URL(location.href);
  here.hash = '';
  return here.href;
}

async function share(button: HTMLButtonElement, notice: HTMLElement): Promise<void> {
  const url = pageAddress();
  const title = button.dataset['shareTitle'] ?? document.title;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      // Closed by the shopper: nothing to say. Refused (no user activation, a policy): copy instead.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  // Said afresh each time, so a second copy is announced too.
  notice.textContent = '';
  try {
    await navigator.clipboard.writeText(url);
    notice.textContent = t.copied;
  } catch {
    notice.textContent = t.copyFailed(url);
  }
}

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-share]')) {
  const notice = button.parentElement?.querySelector<HTMLElement>('[data-share-notice]');
  if (!notice) continue;
  button.addEventListener('click', () => void share(button, notice));
  button.disabled = false;
}
