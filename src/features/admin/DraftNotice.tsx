/** The notice that a form holds a draft brought back from before (a reload, an ended session), with the way to drop it. */
import { BUTTON_SECONDARY } from '../../lib/classes.ts';
import { adminStrings } from './strings.ts';

const t = adminStrings.drafts;

interface Props {
  /** What is said: by default that the draft came back. */
  text?: string;
  onDiscard: () => void;
  className?: string;
}

export default function DraftNotice({ text = t.restored, onDiscard, className = '' }: Props) {
  return (
    <div
      role="status"
      className={`flex flex-wrap items-center gap-3 rounded-xl border-2 border-amber-600 bg-amber-50 px-3 py-2 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50 ${className}`}
    >
      <span>{text}</span>
      <button type="button" onClick={onDiscard} className={`${BUTTON_SECONDARY} px-3 py-1 text-sm`}>
        {t.discard}
      </button>
    </div>
  );
}
