/** 'חזרה' goes one step back in history (home when there is nowhere to go back to); the fun facts rotate on request. */
document.querySelector('[data-history-back]')?.addEventListener('click', () => {
  if (history.length > 1) history.back();
  else location.assign('/');
});

const box = document.querySelector<HTMLElement>('[data-fun-facts]');
const shown = box?.querySelector<HTMLElement>('[data-fun-fact]');
const list = box?.querySelector<HTMLTemplateElement>('template[data-fun-fact-list]');
const next = box?.querySelector<HTMLButtonElement>('[data-next-fact]');
if (shown && list && next) {
  const facts = [...list.content.children].map((fact) => fact.textContent ?? '');
  let index = 0;
  next.hidden = false;
  next.addEventListener('click', () => {
    index = (index + 1) % facts.length;
    shown.textContent = facts[index] ?? '';
  });
}
