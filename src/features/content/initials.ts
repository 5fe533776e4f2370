/** The initials an avatar shows when its picture is missing: the first letters of the first two words of the name, titles skipped. */
const TITLES = new Set(['ד"ר', 'ד״ר', 'דר', "פרופ'", 'פרופ׳', 'Dr.', 'Dr', 'Prof.']);

export function initials(name: string): string {
  const words = name.split(/\s+/).filter((word) => word && !TITLES.has(word));
  return words
    .slice(0, 2)
    .map((word) => [...word][0] ?? '')
    .join('');
}
