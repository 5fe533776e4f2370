/**
 * The animal page's purchase part (an island): the 'קנה עכשיו' button and its modal
 * dialog (native <dialog>: showModal traps focus, Escape closes). The dialog shows the
 * name and price read-only and a quantity from 1 to the stock (default 1). While the
 * shopper types, a value outside that range is marked invalid and the note says why,
 * but what they typed stays; confirming such a value brings it back into range, says
 * so, and keeps the dialog open. Confirming a valid quantity only closes the dialog:
 * no purchase is sent: the shop takes no orders. Focus returns to the button.
 */
import { useId, useRef, useState, type SubmitEvent, type MouseEvent } from 'react';
import { formatPrice } from '../../lib/format.ts';
import { BUTTON_PRIMARY, BUTTON_SECONDARY, FIELD } from '../../lib/classes.ts';
import { MIN_QUANTITY, checkQuantity, type QuantityCheck } from './quantity.ts';
import { animalDetailStrings as t } from './strings.ts';

interface Props {
  name: string;
  price: number;
  /** countInStock: the largest quantity. The page does not render this island at 0. */
  stock: number;
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

export default function PurchaseDialog({ name, price, stock }: Props) {
  const max = Math.max(MIN_QUANTITY, Math.floor(stock));
  const dialog = useRef<HTMLDialogElement>(null);
  const buyButton = useRef<HTMLButtonElement>(null);
  const quantityInput = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState(String(MIN_QUANTITY));
  const [note, setNote] = useState('');
  const id = useId();
  const ids = {
    title: `${id}-title`,
    text: `${id}-text`,
    name: `${id}-name`,
    price: `${id}-price`,
    quantity: `${id}-quantity`,
    hint: `${id}-hint`,
    note: `${id}-note`,
    dialog: `${id}-dialog`,
  };
  // Invoker commands open and close the dialog before the island wakes (the buttons are in the page's HTML);
  // once it is awake, the click handlers run first and the command finds the dialog already in that state.
  const opens = { commandfor: ids.dialog, command: 'show-modal' };
  const closes = { commandfor: ids.dialog, command: 'close' };
  const invalid = checkQuantity(typed, max).problem !== undefined;

  const open = () => {
    setTyped(String(MIN_QUANTITY));
    setNote('');
    dialog.current?.showModal();
    quantityInput.current?.focus();
    quantityInput.current?.select();
  };

  const close = () => dialog.current?.close();

  const confirm = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkQuantity(typed, max);
    if (!check.problem) {
      close();
      return;
    }
    setTyped(String(check.value));
    setNote(`${problemText(check, max)} ${t.quantityAdjusted(check.value)}`);
    quantityInput.current?.focus();
  };

  /** A click on the backdrop (the dialog element itself, outside its panel) closes it. */
  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === dialog.current) close();
  };

  return (
    <div dir="rtl">
      <button
        ref={buyButton}
        type="button"
        onClick={open}
        {...opens}
        aria-haspopup="dialog"
        className={`${BUTTON_PRIMARY} px-8 py-3 text-lg shadow`}
      >
        {t.buyNow}
      </button>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop closes; the keyboard has Escape (native <dialog>) */}
      <dialog
        id={ids.dialog}
        ref={dialog}
        aria-labelledby={ids.title}
        aria-describedby={ids.text}
        onClose={() => buyButton.current?.focus()}
        onClick={onDialogClick}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/70 dark:bg-slate-900 dark:text-slate-100"
      >
        <form method="dialog" noValidate onSubmit={confirm} className="flex flex-col gap-4 p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={ids.title} className="text-2xl font-bold">
              {t.dialogTitle}
            </h2>
            <button
              type="button"
              onClick={close}
              {...closes}
              aria-label={t.close}
              className="-m-2 rounded-lg p-2 text-2xl leading-none hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <p id={ids.text} className="text-slate-700 dark:text-slate-300">
            {t.dialogText}
          </p>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.name} className="font-medium">
              {t.nameLabel}
            </label>
            <input
              id={ids.name}
              type="text"
              readOnly
              value={name}
              className={`${FIELD} bg-slate-100 dark:bg-slate-950`}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.price} className="font-medium">
              {t.priceLabel}
            </label>
            <input
              id={ids.price}
              type="text"
              readOnly
              value={formatPrice(price)}
              className={`${FIELD} bg-slate-100 dark:bg-slate-950`}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.quantity} className="font-medium">
              {t.quantityLabel}
            </label>
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
              className="min-h-5 text-sm font-medium text-red-800 dark:text-red-300"
            >
              {note}
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={`${BUTTON_PRIMARY} px-6 py-2`}>
              {t.confirm}
            </button>
            <button type="button" onClick={close} {...closes} className={`${BUTTON_SECONDARY} px-6 py-2`}>
              {t.cancel}
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}
