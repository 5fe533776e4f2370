/**
 * One zod schema per entity, shared by the server (validation, API answers) and the
 * client (types, the contact form). Field names follow the API contract (docs/api.md).
 */
import { z } from 'zod';
import { MAX_SUGGESTIONS } from './suggestion-limit.ts';
import { MAX_FAVOURITES, favouritesMessages } from './favourites.ts';
import { ID_PATTERN } from './id-pattern.ts';
import {
  SLUG_PATTERN,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  MAX_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  SORTS,
  type AnimalSort,
} from './catalogue-rules.ts';

// In the browser, zod's compiled parsers would try `new Function` first, which the shop's
// Content-Security-Policy blocks (and reports): parse without them there. The server keeps them.
if (typeof window !== 'undefined') z.config({ jitless: true });

export { ID_PATTERN, SLUG_PATTERN };

export const CategorySchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  img: z.string(),
});
export type Category = z.infer<typeof CategorySchema>;

export const AnimalSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  img: z.string(),
  price: z.number().nonnegative(),
  countInStock: z.number().int().nonnegative(),
  rating: z.number().min(0).max(5),
  numReviews: z.number().int().nonnegative(),
  /** The slug of the animal's category. */
  category: z.string(),
});
export type Animal = z.infer<typeof AnimalSchema>;

/** A category with one page of its animals (Hebrew name order) and how many it has in all. */
export const CategoryDetailSchema = z.object({
  category: CategorySchema,
  animals: z.array(AnimalSchema),
  total: z.number().int().nonnegative(),
});
export type CategoryDetail = z.infer<typeof CategoryDetailSchema>;

export { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, type AnimalSort };

/**
 * A query parameter sent empty (`sort=`, what a form sends for a select with no value) is read as absent,
 * as an empty `search` is; any other value is checked as it stands.
 */
const emptyIsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

/** Paging of a list answer (the search, a category's animals). Messages are Hebrew: they reach the shopper's error box. */
export const PageQuerySchema = z.object({
  limit: emptyIsAbsent(
    z.coerce
      .number(`limit חייב להיות מספר שלם בין 1 ל-${MAX_PAGE_SIZE}`)
      .int(`limit חייב להיות מספר שלם בין 1 ל-${MAX_PAGE_SIZE}`)
      .min(1, `limit חייב להיות מספר שלם בין 1 ל-${MAX_PAGE_SIZE}`)
      .max(MAX_PAGE_SIZE, `limit חייב להיות מספר שלם בין 1 ל-${MAX_PAGE_SIZE}`)
      .optional(),
  ),
  page: emptyIsAbsent(
    z.coerce
      .number('page חייב להיות מספר שלם, 1 ומעלה')
      .int('page חייב להיות מספר שלם, 1 ומעלה')
      .min(1, 'page חייב להיות מספר שלם, 1 ומעלה')
      .optional(),
  ),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

const SEARCH_TEXT = z
  .string()
  .max(MAX_SEARCH_LENGTH, `טקסט החיפוש ארוך מדי (עד ${MAX_SEARCH_LENGTH} תווים)`)
  .default('');

/** A decimal number in a query (empty means absent). */
const NUMBER_TEXT = /^\s*(?:\d+(?:\.\d+)?)?\s*$/;
const queryNumber = (message: string, max = Infinity) =>
  z
    .string()
    .regex(NUMBER_TEXT, message)
    .refine((text) => !text.trim() || Number(text) <= max, message)
    .transform((text) => (text.trim() ? Number(text) : undefined))
    .optional();
/** A yes/no switch in a query: `true` or `1` turn it on; empty, `false` or `0` leave it off. */
const querySwitch = (message: string) =>
  z
    .enum(['', 'true', '1', 'false', '0'], message)
    .transform((value) => value === 'true' || value === '1')
    .optional();

/** The filters of GET animals/search (and of /products): all optional, combined with the search. */
const AnimalFiltersSchema = z.object({
  minPrice: queryNumber('minPrice חייב להיות מחיר בשקלים (מספר, 0 ומעלה)').describe('Lowest price, in shekels.'),
  maxPrice: queryNumber('maxPrice חייב להיות מחיר בשקלים (מספר, 0 ומעלה)').describe('Highest price, in shekels.'),
  inStock: querySwitch('inStock יכול להיות true או 1 בלבד').describe('`true` or `1`: only animals in stock.'),
  minRating: queryNumber('minRating חייב להיות דירוג בין 0 ל-5', 5).describe('Lowest rating, 0 to 5.'),
  category: z
    .string()
    .regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/, 'category חייב להיות מזהה קטגוריה (אותיות לטיניות קטנות, ספרות ומקפים)')
    .transform((slug) => slug || undefined)
    .optional()
    .describe('A category’s slug: only its animals (an unknown slug matches none).'),
});

/** Query of GET animals/search. */
export const AnimalSearchQuerySchema = z
  .object({
    search: SEARCH_TEXT,
    sort: emptyIsAbsent(z.enum(SORTS, `מיון לא מוכר: אפשר למיין לפי name או price`).default(DEFAULT_SORT)),
    ...PageQuerySchema.shape,
    ...AnimalFiltersSchema.shape,
    /** `true` or `1`: search for the text exactly as typed, without layout or spelling corrections. */
    exact: querySwitch('exact יכול להיות true או 1 בלבד').describe(
      '`true` or `1`: no layout or spelling corrections when nothing matches.',
    ),
  })
  .refine(
    ({ minPrice, maxPrice }) => minPrice === undefined || maxPrice === undefined || minPrice <= maxPrice,
    'המחיר המינימלי (minPrice) גבוה מהמחיר המקסימלי (maxPrice)',
  );
export type AnimalSearchQuery = z.infer<typeof AnimalSearchQuerySchema>;

/** How many animals of the current search (without its own filter) each category and price range has. */
const SearchFacetsSchema = z.object({
  /** Every category, in catalogue order, with how many animals match the search and the other filters (0 included). */
  categories: z.array(z.object({ slug: z.string(), name: z.string(), count: z.number().int().nonnegative() })),
  /** The lowest and highest price among the matches without the price filter; null when there are none. */
  price: z.object({ min: z.number(), max: z.number() }).nullable(),
});
export type SearchFacets = z.infer<typeof SearchFacetsSchema>;

export const AnimalSearchResultSchema = z.object({
  animals: z.array(AnimalSchema),
  total: z.number().int().nonnegative(),
  /** When the text as typed found nothing and a correction found animals: the text searched instead. */
  correctedQuery: z.string().optional(),
  /** Which correction: the other keyboard layout (Hebrew ↔ English) or spelling. */
  correction: z.enum(['layout', 'spelling']).optional(),
  facets: SearchFacetsSchema.optional(),
});
export type AnimalSearchResult = z.infer<typeof AnimalSearchResultSchema>;

/** Query of GET animals/suggest. */
export const SuggestQuerySchema = z.object({ search: SEARCH_TEXT });

/** One suggestion under the header's search field: an animal or a category, and its page. */
const SuggestionSchema = z.object({
  kind: z.enum(['animal', 'category']),
  name: z.string(),
  href: z.string(),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;

export const SuggestionsSchema = z.object({ suggestions: z.array(SuggestionSchema).max(MAX_SUGGESTIONS) });
export type Suggestions = z.infer<typeof SuggestionsSchema>;

const CONTACT_SUBJECT_MAX = 200;
const CONTACT_MESSAGE_MIN = 10;
const CONTACT_MESSAGE_MAX = 5000;

/** A contact message: the same rules on the form and on the server. */
export const ContactMessageSchema = z.object({
  subject: z
    .string('נושא הוא שדה חובה')
    .trim()
    .min(1, 'נושא הוא שדה חובה')
    .max(CONTACT_SUBJECT_MAX, `הנושא ארוך מדי (עד ${CONTACT_SUBJECT_MAX} תווים)`),
  message: z
    .string('ההודעה חייבת להכיל לפחות 10 תווים')
    .trim()
    .min(CONTACT_MESSAGE_MIN, 'ההודעה חייבת להכיל לפחות 10 תווים')
    .max(CONTACT_MESSAGE_MAX, `ההודעה ארוכה מדי (עד ${CONTACT_MESSAGE_MAX} תווים)`),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/** What the API answers to a contact message (also described in /api/openapi.json). */
export const ContactReceiptSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
});
export type ContactReceipt = z.infer<typeof ContactReceiptSchema>;

/** A signed-in shopper's favourites (PUT /api/me/favorites): animals' ids, newest first, at most MAX_FAVOURITES. */
export const FavouriteIdsSchema = z.object(
  {
    ids: z
      .array(
        z.string(favouritesMessages.notAList).regex(ID_PATTERN, favouritesMessages.notAList),
        favouritesMessages.notAList,
      )
      .max(MAX_FAVOURITES, favouritesMessages.tooMany),
  },
  favouritesMessages.notAList,
);

/** The same list as GET /api/me/favorites answers it, with whose it is (the Clerk user id). */
export const FavouriteListSchema = FavouriteIdsSchema.extend({
  account: z.string().describe('The Clerk user id the list belongs to.'),
});

/** Every error answer of the API (described in /api/openapi.json). */
export const ApiErrorBodySchema = z.object({ message: z.string() });

/*
 * The owner's writes: the admin API, its forms and the spreadsheet import validate with these.
 * Field names are the public animal's, with `category` as a slug and `hidden` as a boolean.
 */
const ADMIN_NAME_MAX = 100;
const ADMIN_SLUG_MAX = 80;
const ADMIN_DESCRIPTION_MAX = 5000;
const ADMIN_CATEGORY_DESCRIPTION_MAX = 1000;
const ADMIN_PRICE_MAX = 10_000_000;
const ADMIN_COUNT_MAX = 1_000_000_000;

const slugField = (what: string) =>
  z
    .string(`${what} הוא שדה חובה`)
    .trim()
    .min(1, `${what} הוא שדה חובה`)
    .max(ADMIN_SLUG_MAX, `${what} ארוך מדי (עד ${ADMIN_SLUG_MAX} תווים)`)
    .regex(SLUG_PATTERN, `${what} יכול להכיל רק אותיות לטיניות קטנות, ספרות ומקפים בודדים (למשל sky-whale)`);

/**
 * A number field's type message: an empty field (null, as the admin's forms send it) is said to be
 * required, anything else not a number, so an empty field is never read as 0.
 */
const numberMessage = (required: string, notANumber: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null || issue.input === '' ? required : notANumber,
});

/** A number field's text as the admin's forms send it: empty → null (refused as required), else the number (NaN when not one). */
export const numberFromField = (text: string): number | null => (text.trim() === '' ? null : Number(text));

const wholeNumber = (what: string, max: number) =>
  z
    .number(numberMessage(`${what} הוא שדה חובה`, `${what} חייב להיות מספר שלם, 0 ומעלה`))
    .int(`${what} חייב להיות מספר שלם, 0 ומעלה`)
    .min(0, `${what} חייב להיות מספר שלם, 0 ומעלה`)
    .max(max, `${what} גדול מדי (עד ${max.toLocaleString('en-US')})`);

const animalFields = {
  name: z
    .string('שם הוא שדה חובה')
    .trim()
    .min(1, 'שם הוא שדה חובה')
    .max(ADMIN_NAME_MAX, `השם ארוך מדי (עד ${ADMIN_NAME_MAX} תווים)`),
  slug: slugField('שם הכתובת'),
  description: z
    .string('תיאור הוא שדה חובה')
    .trim()
    .min(1, 'תיאור הוא שדה חובה')
    .max(ADMIN_DESCRIPTION_MAX, `התיאור ארוך מדי (עד ${ADMIN_DESCRIPTION_MAX} תווים)`),
  price: z
    .number(numberMessage('המחיר הוא שדה חובה', 'המחיר חייב להיות מספר, 0 ומעלה'))
    .min(0, 'המחיר חייב להיות מספר, 0 ומעלה')
    .max(ADMIN_PRICE_MAX, `המחיר גדול מדי (עד ${ADMIN_PRICE_MAX.toLocaleString('en-US')})`),
  countInStock: wholeNumber('המלאי', ADMIN_COUNT_MAX),
  rating: z
    .number(numberMessage('הדירוג הוא שדה חובה', 'הדירוג חייב להיות מספר בין 0 ל-5'))
    .min(0, 'הדירוג חייב להיות מספר בין 0 ל-5')
    .max(5, 'הדירוג חייב להיות מספר בין 0 ל-5'),
  numReviews: wholeNumber('מספר הביקורות', ADMIN_COUNT_MAX),
  category: slugField('הקטגוריה'),
  hidden: z.boolean('מוסתר חייב להיות true או false'),
};

/** A new animal (POST /api/admin/animals, a spreadsheet row without an id). */
export const AdminAnimalSchema = z.object({ ...animalFields, hidden: animalFields.hidden.default(false) });
export type AdminAnimalInput = z.infer<typeof AdminAnimalSchema>;

/** A change to an animal (PATCH): any subset of the fields, at least one. */
export const AdminAnimalPatchSchema = z
  .object(animalFields)
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'אין שדות לעדכון');

/** An animal as the admin sees it: the public fields, hidden, and its version (the ETag). */
export const AdminAnimalRecordSchema = AnimalSchema.extend({ hidden: z.boolean(), version: z.number().int() });
export type AdminAnimal = z.infer<typeof AdminAnimalRecordSchema>;

const categoryFields = {
  slug: slugField('שם הכתובת'),
  name: z
    .string('שם הוא שדה חובה')
    .trim()
    .min(1, 'שם הוא שדה חובה')
    .max(ADMIN_NAME_MAX, `השם ארוך מדי (עד ${ADMIN_NAME_MAX} תווים)`),
  description: z
    .string('תיאור הוא שדה חובה')
    .trim()
    .min(1, 'תיאור הוא שדה חובה')
    .max(ADMIN_CATEGORY_DESCRIPTION_MAX, `התיאור ארוך מדי (עד ${ADMIN_CATEGORY_DESCRIPTION_MAX} תווים)`),
};

/** A new category (POST /api/admin/categories). */
export const AdminCategorySchema = z.object(categoryFields);

/** A change to a category (PATCH): rename (slug or name), edit the description; at least one field. */
export const AdminCategoryPatchSchema = z
  .object(categoryFields)
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'אין שדות לעדכון');

/** A category as the admin sees it: the public fields, its place in the list, and its version. */
export const AdminCategoryRecordSchema = CategorySchema.extend({
  position: z.number().int(),
  version: z.number().int(),
});
export type AdminCategory = z.infer<typeof AdminCategoryRecordSchema>;
