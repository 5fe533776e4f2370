/**
 * The contact form's draft in sessionStorage, so an accidental reload loses nothing
 * typed. Storage that is missing, full or holding nonsense is simply no draft.
 */
export const CONTACT_DRAFT_KEY = 'contact-draft';
/** The draft's idempotency key: the same for every send of this draft, a new one after it was sent. */
const CONTACT_SEND_KEY = 'contact-draft-send-key';

interface ContactDraft {
  subject: string;
  message: string;
}

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function loadDraft(): ContactDraft {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(CONTACT_DRAFT_KEY) ?? 'null');
    const record = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
    return {
      subject: typeof record['subject'] === 'string' ? record['subject'] : '',
      message: typeof record['message'] === 'string' ? record['message'] : '',
    };
  } catch {
    return { subject: '', message: '' };
  }
}

export function saveDraft(draft: Partial<ContactDraft>): void {
  try {
    const subject = draft.subject ?? '';
    const message = draft.message ?? '';
    if (!subject && !message) storage()?.removeItem(CONTACT_DRAFT_KEY);
    else storage()?.setItem(CONTACT_DRAFT_KEY, JSON.stringify({ subject, message }));
  } catch {
    // Full or blocked storage: the text is still in the form.
  }
}

/** The key that makes resending this draft safe (the server stores it once); kept with the draft. */
export function draftSendKey(): string {
  const fresh = () =>
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
  try {
    const stored = storage()?.getItem(CONTACT_SEND_KEY);
    if (stored) return stored;
    const key = fresh();
    storage()?.setItem(CONTACT_SEND_KEY, key);
    return key;
  } catch {
    return fresh();
  }
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(CONTACT_SEND_KEY);
    storage()?.removeItem(CONTACT_DRAFT_KEY);
  } catch {
    // nothing to clear
  }
}
