/**
 * How an animal card joins and leaves a list: a fade with a short slide (Web Animations keyframes),
 * the same in the search island (PresenceItem) and in the category page's load more (paged-list.ts).
 */
export const CARD_ENTER = { opacity: [0, 1], transform: ['translateY(1rem)', 'translateY(0)'] };
export const CARD_EXIT = { opacity: [1, 0], transform: ['translateY(0)', 'translateY(-1rem)'] };
export const CARD_ENTER_MS = 250;
export const CARD_EXIT_MS = 200;
