/**
 * What the admin shows when a request was refused: the server's Hebrew message (or `message`), a link
 * to sign in again when the session ended (back to this page), and — when someone else changed the
 * record first — a button that loads their change.
 */
import { signInAgainHref } from './admin-client.ts';
import { adminStrings } from './strings.ts';
import { ApiError } from '../../lib/api/errors.ts';

interface Props {
  error: ApiError;
  /** Instead of the server's message (a 412's own text). */
  message?: string | undefined;
  onLoadOther?: (() => void) | undefined;
  className?: string;
}

export default function RequestProblem({
  error,
  message,
  onLoadOther,
  className = 'text-red-700 dark:text-red-300',
}: Props) {
  return (
    <p role="alert" className={className}>
      {message ?? error.message}{' '}
      {error.status === 401 && (
        <a href={signInAgainHref()} className="underline">
          {adminStrings.form.signIn}
        </a>
      )}
      {error.status === 412 && onLoadOther && (
        <button type="button" onClick={onLoadOther} className="underline">
          {adminStrings.animals.loadOther}
        </button>
      )}
    </p>
  );
}

/** Any failure as an ApiError (an unexpected one reads as "no answer"). */
export const asRequestError = (error: unknown) =>
  error instanceof ApiError ? error : new ApiError(adminStrings.form.network);
