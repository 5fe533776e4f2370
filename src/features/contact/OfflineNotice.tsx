/**
 * A static copy of the shop without an API cannot send messages: this notice, above the fields,
 * says so before anyone types, and offers the owner's address (PUBLIC_CONTACT_EMAIL) as a mailto:
 * link that carries what has been typed.
 */
import { mailtoHref } from './mailto.ts';
import { contactStrings } from './strings.ts';

const t = contactStrings.offline;

interface Props {
  id: string;
  email: string | undefined;
  subject: string | undefined;
  message: string | undefined;
}

export default function OfflineNotice({ id, email, subject, message }: Props) {
  return (
    <div
      id={id}
      role="note"
      data-testid="contact-offline"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="font-bold">{t.title}</p>
      <p className="mt-1">
        {email ? (
          <>
            {t.withEmail}{' '}
            <a
              href={mailtoHref(email, { subject, message })}
              className="font-bold underline underline-offset-4"
              dir="ltr"
            >
              {email}
            </a>
            . {t.keepsText} {t.mailButton}
          </>
        ) : (
          <>
            {t.withoutEmail} {t.keepsText}
          </>
        )}
      </p>
    </div>
  );
}
