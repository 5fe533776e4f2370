/**
 * What differs between two states of a content page, as the owner reads it: between two saved
 * versions (the history's comparison), and between what an editor typed and another editor's save
 * (a refused save). Sections and team members are matched by their ids: one added, removed or changed,
 * and the order when only it changed. The merge takes, item by item, the side the editor chose.
 */
import { inOrder, type ContentSection, type TeamMember } from '../../../lib/content-page.ts';
import type { ChangeRow } from '../audit-lines.ts';
import type { FieldConflict } from '../draft-rules.ts';
import { adminStrings } from '../strings.ts';

const t = adminStrings.pages;
const c = adminStrings.changes;

interface PageState {
  sections: ContentSection[];
  team: TeamMember[];
}

type Item = ContentSection | TeamMember;
const isSection = (item: Item): item is ContentSection => 'heading' in item;
/** An item's text, as the owner reads it in a comparison. */
export function itemText(item: Item | undefined): string {
  if (!item) return adminStrings.conflicts.absent;
  if (isSection(item)) return [item.heading, item.body].filter(Boolean).join('\n\n');
  return [item.name, item.role, item.picture ? t.picture : t.noPicture].filter(Boolean).join(' · ');
}

function itemRows(kind: 'sections' | 'team', before: readonly Item[], after: readonly Item[]): ChangeRow[] {
  const label = (index: number) => (kind === 'sections' ? t.section(index + 1) : t.member(index + 1));
  const old = new Map(before.map((item, index) => [item.id, { item, index }]));
  const now = new Map(after.map((item, index) => [item.id, { item, index }]));
  const rows: ChangeRow[] = [];
  const fields = kind === 'sections' ? (['heading', 'body'] as const) : (['name', 'role', 'picture'] as const);
  for (const [id, { item, index }] of now) {
    const was = old.get(id)?.item;
    for (const field of fields) {
      const value = (of: Item | undefined) => {
        const raw = of ? (of as unknown as Record<string, string | null>)[field] : undefined;
        if (field === 'picture') return of ? (raw ? t.picture : t.noPicture) : c.empty;
        return raw || c.empty;
      };
      if (was && value(was) === value(item)) continue;
      rows.push({
        field: `${kind}.${id}.${field}`,
        label: `${label(index)}: ${adminStrings.fields[field]}`,
        before: value(was),
        after: value(item),
      });
    }
  }
  for (const [id, { item, index }] of old) {
    if (now.has(id)) continue;
    rows.push({
      field: `${kind}.${id}`,
      label: label(index),
      before: itemText(item),
      after: adminStrings.conflicts.absent,
    });
  }
  const order = (items: readonly Item[]) =>
    items.filter((item) => old.has(item.id) && now.has(item.id)).map(({ id }) => id);
  if (rows.length === 0 && order(before).join() !== order(after).join()) {
    const names = (items: readonly Item[]) =>
      items.map((item) => (isSection(item) ? item.heading : item.name)).join(' · ');
    rows.push({
      field: `${kind}.order`,
      label: kind === 'sections' ? t.sectionOrder : t.teamOrder,
      before: names(before),
      after: names(after),
    });
  }
  return rows;
}

/** Every difference from `before` to `after`, sections first. */
export function pageChanges(before: PageState, after: PageState): ChangeRow[] {
  return [
    ...itemRows('sections', inOrder(before.sections), inOrder(after.sections)),
    ...itemRows('team', inOrder(before.team), inOrder(after.team)),
  ];
}

/** The items where what was typed (`mine`, over `base`) and another save (`theirs`) differ, keyed `sections:<id>` / `team:<id>`. */
export function pageConflicts(base: PageState, mine: PageState, theirs: PageState): FieldConflict[] {
  const conflicts: FieldConflict[] = [];
  for (const kind of ['sections', 'team'] as const) {
    const byId = (items: readonly Item[]) => new Map(items.map((item) => [item.id, item]));
    const [was, typed, saved] = [byId(base[kind]), byId(mine[kind]), byId(theirs[kind])];
    const text = (item: Item | undefined) => (item ? JSON.stringify({ ...item, order: 0 }) : '');
    for (const id of new Set([...typed.keys(), ...saved.keys()])) {
      const [b, m, s] = [text(was.get(id)), text(typed.get(id)), text(saved.get(id))];
      if (m === s) continue;
      conflicts.push({
        field: `${kind}:${id}`,
        mine: typed.get(id),
        theirs: saved.get(id),
        changedBy: m === b ? 'theirs' : s === b ? 'mine' : 'both',
      });
    }
  }
  return conflicts;
}

/** `theirs`, with each conflicting item taken from the side chosen (an item one side does not have: added or removed). */
export function mergePages(mine: PageState, theirs: PageState, choices: Record<string, 'mine' | 'theirs'>): PageState {
  const merged = (kind: 'sections' | 'team'): Item[] => {
    const typed = new Map(mine[kind].map((item) => [item.id, item]));
    const out: Item[] = [];
    for (const item of inOrder<Item>(theirs[kind])) {
      if (choices[`${kind}:${item.id}`] !== 'mine') out.push(item);
      else if (typed.has(item.id)) out.push(typed.get(item.id)!);
    }
    for (const item of inOrder<Item>(mine[kind])) {
      if (choices[`${kind}:${item.id}`] === 'mine' && !out.some((one) => one.id === item.id)) out.push(item);
    }
    return out.map((item, index) => ({ ...item, order: index + 1 }));
  };
  return { sections: merged('sections') as ContentSection[], team: merged('team') as TeamMember[] };
}
