/** Most suggestions for a text: what the API answers and what the header shows (a module of its own, so the header's small script takes only this). */
export const MAX_SUGGESTIONS = 8;
