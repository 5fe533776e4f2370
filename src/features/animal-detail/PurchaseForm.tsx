/**
 * The purchase dialog's content, drawn into the dialog's shell (PurchaseDialog.astro) when the shopper
 * asks for it (./purchase.ts): a close button, the text, the name and price read-only and a quantity from 1 to the stock
 * (default 1). While the shopper types, a value outside that range is marked invalid and the note says
 * why, but what they typed stays; confirming such a value brings it back into range, says so, and keeps
 * the dialog open. Confirming a valid quantity only closes the dialog: no purchase is sent, the shop takes
 * no orders. Every opening starts again at 1 with the field focused.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { formatPrice } from '../../lib/format.ts';
import { BUTTON_PRIMARY, BUTTON_SECONDARY, FIELD } from '../../lib/classes.ts';
import { PURCHASE_DIALOG_ID, PURCHASE_TEXT_ID, type PurchaseDetails } from './purchase-details.ts';
import { MIN_QUANTITY, checkQuantity, type QuantityCheck } from './quantity.ts';
import { animalDetailStrings as t } from './strings.ts';

interface Props extends PurchaseDetails {
  dialog: HTMLDialogElement;
}

function problemText(check: QuantityCheck, max: number): string {
  switch (check.problem) {
    case 'empty':
      return t.quantityProblem.empty;
    case 'notWhole':
      return t.quantityProblem.notWhole;
    case 'belowMin':
      return t.quantityProblem.belowMin;
    case 'aboveMax':
      return t.quantityProblem.aboveMax(max);
    default:
      return '';
  }
}

const ids = {
  name: 'purchase-name',
  price: 'purchase-price',
  quantity: 'purchase-quantity',
  hint: 'purchase-hint',
  note: 'purchase-note',
};

export default function PurchaseForm({ name, price, stock, dialog }: Props) {
  const max = Math.max(MIN_QUANTITY, Math.floor(stock));
  const quantityInput = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState(String(MIN_QUANTITY));
  const [note, setNote] = useState('');
  const invalid = checkQuantity(typed, max).problem !== undefined;

  useEffect(() => {
    const focusField = () => {
      quantityInput.current?.focus();
      quantityInput.current?.select();
    };
    // Drawn into a dialog already open (the press that asked for it): the field takes focus at once.
    dialog.setAttribute('aria-describedby', PURCHASE_TEXT_ID);
    if (dialog.open) focusField();
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === 'open') {
        focusField();
      } else {
        setTyped(String(MIN_QUANTITY));
        setNote('');
      }
    };
    dialog.addEventListener('toggle', onToggle);
    return () => dialog.removeEventListener('toggle', onToggle);
  }, [dialog]);

  const confirm = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkQuantity(typed, max);
    if (!check.problem) {
      dialog.close();
      return;
    }
    setTyped(String(check.value));
    setNote(`${problemText(check, max)} ${t.quantityAdjusted(check.value)}`);
    quantityInput.current?.focus();
  };

  // The click closes where invoker commands are missing; where they are, the command finds it closed.
  const closes = { commandfor: PURCHASE_DIALOG_ID, command: 'close', onClick: () => dialog.close() };
  return (
    <>
      <button
        type="button"
        {...closes}
        aria-label={t.close}
        className="absolute end-4 top-4 rounded-lg p-2 text-2xl leading-none hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <span aria-hidden="true">×</span>
      </button>
      <p id={PURCHASE_TEXT_ID} className="mb-4 text-slate-700 dark:text-slate-300">
        {t.dialogText}
      </p>
      <form method="dialog" noValidate onSubmit={confirm} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.name}>{t.nameLabel}</label>
          <input
            id={ids.name}
            type="text"
            readOnly
            value={name}
            className={`${FIELD} bg-slate-100 dark:bg-slate-950`}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.price}>{t.priceLabel}</label>
          <input
            id={ids.price}
            type="text"
            readOnly
            value={formatPrice(price)}
            className={`${FIELD} bg-slate-100 dark:bg-slate-950`}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.quantity}>{t.quantityLabel}</label>
          <input
            ref={quantityInput}
            id={ids.quantity}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={MIN_QUANTITY}
            max={max}
            step={1}
            required
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setNote(problemText(checkQuantity(event.target.value, max), max));
            }}
            aria-invalid={invalid || undefined}
            aria-describedby={`${ids.hint} ${ids.note}`}
            className={FIELD}
          />
          <p id={ids.hint} className="text-sm text-slate-700 dark:text-slate-300">
            {t.quantityHint(max)}
          </p>
          <p
            id={ids.note}
            aria-live="polite"
            data-testid="quantity-note"
            className="min-h-5 text-sm text-red-800 dark:text-red-300"
          >
            {note}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={`${BUTTON_PRIMARY} px-6 py-2`}>
            {t.confirm}
          </button>
          <button type="button" {...closes} className={`${BUTTON_SECONDARY} px-6 py-2`}>
            {t.cancel}
          </button>
        </div>
      </form>
    </>
  );
}
