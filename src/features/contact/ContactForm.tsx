/**
 * The contact form island: subject and message, validated by the same zod schema the
 * server uses, sent to POST /api/contact. Only a stored message replaces the form with
 * the success text; a failure shows the error box and keeps everything typed. The draft
 * survives an accidental reload (sessionStorage), and text typed before hydration stays.
 *
 * Weight: the schema (and with it zod) is imported lazily, on the first focus inside the
 * form or at the latest on the first validation, so the page stays within its budget.
 * Nothing here may import a value from lib/schemas.ts, or zod comes back into the page.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { sendContactMessage } from '../../lib/api/client.ts';
import { BUTTON_PRIMARY, FIELD_CHECKED, FIELD_ERROR } from '../../lib/classes.ts';
import { ApiError, noResponseError, otherError } from '../../lib/api/errors.ts';
import type { ContactMessage } from '../../lib/schemas.ts';
import ErrorBox from '../layout/ErrorBox.tsx';
import { clearDraft, draftSendKey, loadDraft, saveDraft } from './draft.ts';
import { mailtoHref } from './mailto.ts';
import OfflineNotice from './OfflineNotice.tsx';
import { contactStrings as t } from './strings.ts';

let loading: Promise<Resolver<ContactMessage>> | undefined;
function loadResolver(): Promise<Resolver<ContactMessage>> {
  loading ??= import('./resolver.ts').then(
    (module) => module.contactResolver,
    (error: unknown) => {
      loading = undefined; // try again on the next attempt
      throw error;
    },
  );
  return loading;
}
const lazyResolver: Resolver<ContactMessage> = async (values, context, options) =>
  (await loadResolver())(values, context, options);

/** How long the form waits before its one resend. */
const RESEND_DELAY_MS = 1000;

/**
 * Sends the message with the draft's idempotency key and, when no answer came or the server failed
 * (5xx), sends it once more with the same key: the server stores it once whichever attempt got through.
 * A refusal (4xx) is final.
 */
async function sendWithOneRetry(message: ContactMessage) {
  const idempotencyKey = draftSendKey();
  try {
    return await sendContactMessage(message, { idempotencyKey });
  } catch (error) {
    const refused = error instanceof ApiError && error.status !== undefined && error.status < 500;
    if (refused) throw error;
    await new Promise((resolve) => setTimeout(resolve, RESEND_DELAY_MS));
    return sendContactMessage(message, { idempotencyKey });
  }
}

interface Props {
  /** A static copy of the shop without an API: nothing is sent; the owner's address, if set, gets a mailto: link. */
  offline?: { email?: string | undefined } | undefined;
}

export default function ContactForm({ offline }: Props = {}) {
  const id = useId();
  const [sent, setSent] = useState(false);
  const [sendError, setSendError] = useState<string | undefined>();
  const sentRef = useRef<HTMLParagraphElement>(null);
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessage>({ resolver: lazyResolver });

  // A draft from before a reload fills the fields the shopper has not typed into yet.
  useEffect(() => {
    const draft = loadDraft();
    const current = getValues();
    if (draft.subject && !current.subject) setValue('subject', draft.subject);
    if (draft.message && !current.message) setValue('message', draft.message);
    saveDraft(getValues());
    const subscription = watch((values) => saveDraft(values));
    return () => subscription.unsubscribe();
  }, [getValues, setValue, watch]);

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const send = handleSubmit(async (message) => {
    setSendError(undefined);
    if (offline) {
      // Nothing is lost: the draft stays; the shopper's mail program gets a copy.
      if (offline.email) window.location.href = mailtoHref(offline.email, message);
      else setSendError(t.offline.cannotSend);
      return;
    }
    try {
      await sendWithOneRetry(message);
      clearDraft();
      setSent(true);
    } catch (error) {
      setSendError(otherError(error).message);
    }
  });
  // Validation itself failing means its code could not be loaded: the network is gone.
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) =>
    send(event).catch(() => setSendError(noResponseError().message));

  if (sent) {
    return (
      <p
        ref={sentRef}
        role="status"
        tabIndex={-1}
        className="rounded-xl border border-emerald-300 bg-emerald-50 p-6 text-lg font-bold text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100"
      >
        {t.sent}
      </p>
    );
  }

  const subjectId = `${id}-subject`;
  const messageId = `${id}-message`;
  return (
    <form
      onSubmit={onSubmit}
      onFocus={() => void loadResolver()}
      noValidate
      className="flex flex-col gap-5"
      aria-label={t.title}
      aria-describedby={offline ? `${id}-offline` : undefined}
    >
      {offline && (
        <OfflineNotice
          id={`${id}-offline`}
          email={offline.email}
          subject={watch('subject')}
          message={watch('message')}
        />
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={subjectId} className="font-bold">
          {t.subjectLabel}
        </label>
        <input
          id={subjectId}
          type="text"
          placeholder={t.subjectPlaceholder}
          aria-required="true"
          aria-invalid={errors.subject ? true : false}
          aria-describedby={errors.subject ? `${subjectId}-error` : undefined}
          className={FIELD_CHECKED}
          {...register('subject')}
        />
        {errors.subject && (
          <p id={`${subjectId}-error`} className={FIELD_ERROR}>
            {errors.subject.message}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={messageId} className="font-bold">
          {t.messageLabel}
        </label>
        <textarea
          id={messageId}
          rows={6}
          placeholder={t.messagePlaceholder}
          aria-required="true"
          aria-invalid={errors.message ? true : false}
          aria-describedby={errors.message ? `${messageId}-error` : undefined}
          className={FIELD_CHECKED}
          {...register('message')}
        />
        {errors.message && (
          <p id={`${messageId}-error`} className={FIELD_ERROR}>
            {errors.message.message}
          </p>
        )}
      </div>
      {sendError !== undefined && <ErrorBox message={sendError} />}
      <div>
        <button
          type="submit"
          disabled={isSubmitting}
          aria-disabled={isSubmitting}
          className={`${BUTTON_PRIMARY} px-6 py-3 disabled:cursor-wait disabled:opacity-70`}
        >
          {offline?.email ? t.offline.submit : t.submit}
        </button>
      </div>
    </form>
  );
}
