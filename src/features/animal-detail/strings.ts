/** Texts of one animal's page and its purchase dialog. */
import { sharedStrings } from '../../lib/strings.ts';

export const animalDetailStrings = {
  caption: 'אולי זה יהיה החבר החדש שלך?',
  loading: 'טוען את פרטי התיפלץ…',
  ratingLabel: sharedStrings.ratingLabel,
  reviews: (count: number) => (count === 0 ? 'אין עדיין ביקורות' : count === 1 ? 'ביקורת אחת' : `${count} ביקורות`),
  inStock: sharedStrings.inStock,
  soldOut: sharedStrings.soldOut,
  soldOutNote: 'התיפלץ הזה אזל מהמלאי. אולי תמצאו חבר אחר בקטגוריה שלו?',
  categoryLink: (name: string) => `לקטגוריה: ${name}`,
  priceLabel: sharedStrings.priceLabel,
  buyNow: 'קנה עכשיו',
  dialogTitle: 'השלמת הרכישה',
  dialogText: 'אתם עומדים להביא הביתה חבר חדש, אנא אשרו את הפרטים הבאים',
  /** In the dialog until its form is drawn (a moment after the first press), and without JavaScript. */
  formLoading: 'טוען את טופס הרכישה…',
  formNeedsScript: 'כדי להשלים את הרכישה יש להפעיל JavaScript בדפדפן.',
  nameLabel: 'שם התיפלץ',
  quantityLabel: 'כמות',
  quantityHint: (max: number) => (max === 1 ? 'נשאר במלאי תיפלץ אחד בלבד' : `אפשר להזמין בין 1 ל-${max}`),
  /** Why a typed quantity cannot be ordered as it is (shown while typing). */
  quantityProblem: {
    empty: 'יש להזין כמות.',
    notWhole: 'אפשר להזמין רק מספר שלם של תיפלצים.',
    belowMin: 'הכמות המינימלית היא 1.',
    aboveMax: (max: number) => `יש במלאי רק ${max}.`,
  },
  /** Added when confirming fixed the quantity. */
  quantityAdjusted: (value: number) => `הכמות עודכנה ל-${value}.`,
  confirm: 'אישור הרכישה',
  close: 'סגירה',
  cancel: 'ביטול',
  notFoundTitle: 'התיפלץ לא נמצא',
  description: sharedStrings.pageDescription,
} as const;
