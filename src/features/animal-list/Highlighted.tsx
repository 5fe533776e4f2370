/**
 * A card's text with the words the search found marked (`<mark>`): React elements over the plain
 * text, never HTML. The rules of where are src/lib/search/search-words.ts (matchedRanges).
 */
import { matchedRanges } from '../../lib/search/index.ts';

export default function Highlighted({ text, search }: { text: string; search: string | undefined }) {
  const ranges = search ? matchedRanges(text, search) : [];
  if (ranges.length === 0) return <>{text}</>;
  const parts = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-amber-200 px-0.5 text-inherit dark:bg-amber-700/60 dark:text-white">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
