/** An animal's or a category's id: 24 hexadecimal digits (src/server/db/ids.ts); a module of its own, so the browser's code that checks one carries nothing more. */
export const ID_PATTERN = /^[0-9a-f]{24}$/;
