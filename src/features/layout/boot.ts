/**
 * The side panel's part of the script every page runs before it paints (./boot-script.server.ts): the
 * panel's navigation is a copy of the bar's list (./Header.astro), put in once the page is parsed, or at
 * the tap that opens the panel if that comes first, so each page carries its links once. Without
 * JavaScript there is no copy, so the bar shows at every width and the panel's toggle does not.
 */
export const sidePanelBootScript = `(function(d){function c(){var n=d.querySelector('[data-side-panel-nav]'),u=d.querySelector('.shop-nav>ul');if(n&&u&&!n.firstChild)n.append(u.cloneNode(true))}d.addEventListener('DOMContentLoaded',c);d.addEventListener('click',function(e){if(e.target.closest&&e.target.closest('#side-panel-toggle'))c()},true)})(document)`;
