/**
 * The editor of a content page (/admin/pages/{page}): its sections and (for the about page) its team,
 * added, removed and reordered with buttons (so the keyboard does all of it), the preview rendered by
 * the public page's own component beside the form on a wide screen and on request on a phone, and
 * saving — which publishes — on the version the editor started from. What is typed is kept as a draft
 * in the tab (a reload or an ended session loses nothing); a stale save keeps it too and offers the
 * other change. The history below restores any version as a new one.
 */
import { useEffect, useRef, useState } from 'react';
import type { ContentPage, ContentPageName, ContentSection, TeamMember } from '../../../lib/content-page.ts';
import { CONTENT_LIMITS, inOrder } from '../../../lib/content-page.ts';
import ContentPageView from '../../content/ContentPageView.tsx';
import { adminRequest } from '../admin-client.ts';
import DraftNotice from '../DraftNotice.tsx';
import { clearFormDraft, loadFormDraft, saveFormDraft } from '../form-draft.ts';
import { useLeaveGuard } from '../leave-guard.ts';
import RequestProblem, { asRequestError } from '../RequestProblem.tsx';
import { adminStrings } from '../strings.ts';
import type { FieldConflict } from '../draft-rules.ts';
import { mergedChoice } from '../draft-rules.ts';
import FieldConflicts from '../FieldConflicts.tsx';
import { itemText, mergePages, pageConflicts } from './page-changes.ts';
import PageHistory from './PageHistory.tsx';
import SectionFields from './SectionFields.tsx';
import { EDITOR_BUTTON } from './EditorFields.tsx';
import TeamFields from './TeamFields.tsx';
import type { ApiError } from '../../../lib/api/errors.ts';

const t = adminStrings.pages;
const PRIMARY =
  'rounded-lg bg-brand-700 px-5 py-2 font-bold text-white hover:bg-brand-900 disabled:opacity-60 dark:bg-brand-200 dark:text-brand-900';

interface Props {
  name: ContentPageName;
  initial: ContentPage;
}

interface Draft {
  version: number;
  sections: ContentSection[];
  team: TeamMember[];
}

type Status = { kind: 'idle' | 'saving' | 'invalid' | 'draft' } | { kind: 'saved'; text: string };

const newId = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
const numbered = <T extends { order: number }>(items: T[]) =>
  items.map((item, index) => ({ ...item, order: index + 1 }));

function moved<T>(items: T[], index: number, by: -1 | 1): T[] {
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(index + by, 0, item!);
  return next;
}

export default function PageEditor({ name, initial }: Props) {
  const draftKey = `content-draft:${name}`;
  const draftOf = (page: ContentPage): Draft => ({
    version: page.version,
    sections: inOrder(page.sections),
    team: inOrder(page.team),
  });
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  /** The page as saved, that the editor started from: what the draft is compared with. */
  const [saved, setSaved] = useState<ContentPage>(initial);
  const [kept, setKept] = useState<Draft | undefined>();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [problem, setProblem] = useState<ApiError | undefined>();
  const [conflict, setConflict] = useState<{ current: ContentPage; fields: FieldConflict[] } | undefined>();
  const [preview, setPreview] = useState(false);
  const focusNext = useRef<string[]>([]);
  const { version, sections, team } = draft;

  useEffect(() => {
    const stored = loadFormDraft<Draft>(draftKey);
    if (stored && Array.isArray(stored.sections) && Array.isArray(stored.team) && typeof stored.version === 'number') {
      setDraft(stored as Draft);
      setKept(stored as Draft);
      setStatus({ kind: 'draft' });
    }
  }, [draftKey]);
  const dirty =
    JSON.stringify({ sections: numbered(sections), team: numbered(team) }) !==
    JSON.stringify({ sections: numbered(draftOf(saved).sections), team: numbered(draftOf(saved).team) });
  useLeaveGuard(draftKey, dirty);

  useEffect(() => {
    // On a phone the preview is below the whole form: opening it brings it into view.
    if (preview && matchMedia('(max-width: 63.99rem)').matches)
      document.getElementById('page-preview')?.scrollIntoView();
  }, [preview]);

  useEffect(() => {
    // After a move, an addition or a removal, the keyboard stays where the editor is working.
    const ids = focusNext.current;
    focusNext.current = [];
    for (const id of ids) {
      const element = document.getElementById(id) as HTMLButtonElement | HTMLInputElement | null;
      if (element && !element.disabled) {
        element.focus();
        break;
      }
    }
  });

  /** A change the editor made: kept as the tab's draft until it is saved. */
  function edit(change: Partial<Draft>, focus: string[] = []) {
    const next = { ...draft, ...change };
    setDraft(next);
    saveFormDraft(draftKey, next);
    focusNext.current = focus;
    if (status.kind === 'saved') setStatus({ kind: 'idle' });
  }

  function load(page: ContentPage) {
    setDraft(draftOf(page));
    setSaved(page);
    setKept(undefined);
    clearFormDraft(draftKey);
    setFields({});
    setProblem(undefined);
    setConflict(undefined);
  }

  async function save() {
    setStatus({ kind: 'saving' });
    setProblem(undefined);
    try {
      const saved = await adminRequest<ContentPage>(`/pages/${name}`, {
        method: 'PUT',
        body: { sections: numbered(sections), team: numbered(team) },
        version,
      });
      load(saved);
      setStatus({ kind: 'saved', text: t.saved(saved.version) });
    } catch (failure) {
      const refused = asRequestError(failure);
      setFields(refused.fields);
      const current = refused.current as ContentPage | undefined;
      if (refused.status === 412 && current && Array.isArray(current.sections)) {
        setConflict({ current, fields: pageConflicts(draftOf(saved), draft, draftOf(current)) });
      }
      setProblem(refused);
      setStatus({ kind: refused.status === 400 ? 'invalid' : 'idle' });
    }
  }

  const sectionCount = sections.length;
  const pageErrors = [fields[''], fields.sections, fields.team].filter(Boolean);
  return (
    <div className="flex flex-col gap-8">
      <div className="grid gap-6 lg:grid-cols-2">
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <p>{t.help}</p>
          {status.kind === 'draft' && kept && (
            <DraftNotice
              text={
                kept.version < initial.version
                  ? `${t.draftRestored}. ${adminStrings.drafts.pageChanged}`
                  : t.draftRestored
              }
              onDiscard={() => {
                load(saved);
                setStatus({ kind: 'idle' });
              }}
            />
          )}
          <h2 className="text-2xl font-bold">{t.sections}</h2>
          {sections.map((section, index) => (
            <SectionFields
              key={section.id}
              section={section}
              index={index}
              count={sectionCount}
              errors={fields}
              onChange={(changed) => edit({ sections: sections.map((one) => (one.id === section.id ? changed : one)) })}
              onMove={(by) =>
                edit({ sections: moved(sections, index, by) }, [
                  `section-${section.id}-${by < 0 ? 'up' : 'down'}`,
                  `section-${section.id}-${by < 0 ? 'down' : 'up'}`,
                ])
              }
              onRemove={() =>
                edit({ sections: sections.filter(({ id }) => id !== section.id) }, [
                  `section-${sections[index + 1]?.id ?? sections[index - 1]?.id}-heading`,
                ])
              }
            />
          ))}
          <button
            type="button"
            id="add-section"
            className={EDITOR_BUTTON}
            disabled={sectionCount >= CONTENT_LIMITS.sections}
            onClick={() => {
              const id = newId('s');
              edit({ sections: [...sections, { id, heading: '', body: '', order: sectionCount + 1 }] }, [
                `section-${id}-heading`,
              ]);
            }}
          >
            {t.addSection}
          </button>
          {name === 'about' && (
            <>
              <h2 className="text-2xl font-bold">{t.team}</h2>
              {team.map((member, index) => (
                <TeamFields
                  key={member.id}
                  member={member}
                  index={index}
                  count={team.length}
                  errors={fields}
                  onChange={(changed) => edit({ team: team.map((one) => (one.id === member.id ? changed : one)) })}
                  onMove={(by) =>
                    edit({ team: moved(team, index, by) }, [
                      `member-${member.id}-${by < 0 ? 'up' : 'down'}`,
                      `member-${member.id}-${by < 0 ? 'down' : 'up'}`,
                    ])
                  }
                  onRemove={() => edit({ team: team.filter(({ id }) => id !== member.id) }, ['add-member'])}
                />
              ))}
              <button
                type="button"
                id="add-member"
                className={EDITOR_BUTTON}
                disabled={team.length >= CONTENT_LIMITS.team}
                onClick={() => {
                  const id = newId('m');
                  edit({ team: [...team, { id, name: '', role: '', picture: null, order: team.length + 1 }] }, [
                    `member-${id}-name`,
                  ]);
                }}
              >
                {t.addMember}
              </button>
            </>
          )}
          <div
            className="sticky bottom-0 z-10 -mx-2 flex flex-wrap items-center gap-3 border-t border-slate-300 bg-white px-2 py-3 dark:border-slate-600 dark:bg-slate-950"
            data-save-bar
          >
            <button type="submit" className={PRIMARY} disabled={status.kind === 'saving'}>
              {status.kind === 'saving' ? t.saving : t.save}
            </button>
            <button
              type="button"
              className={`${EDITOR_BUTTON} lg:hidden`}
              aria-expanded={preview}
              aria-controls="page-preview"
              onClick={() => setPreview(!preview)}
            >
              {preview ? t.hidePreview : t.showPreview}
            </button>
          </div>
          <div aria-live="polite">
            {status.kind === 'saved' && <p>{status.text}</p>}
            {status.kind === 'invalid' && <p className="text-red-700 dark:text-red-300">{t.invalid}</p>}
            {pageErrors.map((message) => (
              <p key={message} className="text-red-700 dark:text-red-300">
                {message}
              </p>
            ))}
            {conflict && (
              <div role="alert" className="flex flex-col gap-2">
                <p className="text-red-700 dark:text-red-300">{problem?.message}</p>
                <FieldConflicts
                  key={conflict.current.version}
                  title={adminStrings.conflicts.title}
                  conflicts={conflict.fields}
                  label={(key) => {
                    const [kind, itemId] = key.split(':');
                    const items = kind === 'team' ? draftOf(conflict.current).team : draftOf(conflict.current).sections;
                    const mine = kind === 'team' ? team : sections;
                    const index = items.findIndex((item) => item.id === itemId);
                    return t.item(key, (index >= 0 ? index : mine.findIndex((item) => item.id === itemId)) + 1);
                  }}
                  show={(_key, value) => itemText(value as ContentSection | TeamMember | undefined)}
                  initial={mergedChoice}
                  onApply={(choices) => {
                    const merged = mergePages(draft, draftOf(conflict.current), choices);
                    const next = { version: conflict.current.version, ...merged };
                    setDraft(next);
                    setSaved(conflict.current);
                    saveFormDraft(draftKey, next);
                    setConflict(undefined);
                    setProblem(undefined);
                    setStatus({ kind: 'idle' });
                  }}
                />
              </div>
            )}
            {problem && problem.status !== 400 && !conflict && (
              <RequestProblem
                error={problem}
                onLoadOther={
                  problem.current && typeof problem.current === 'object'
                    ? () => load(problem.current as ContentPage)
                    : undefined
                }
              />
            )}
          </div>
        </form>
        <section
          id="page-preview"
          aria-labelledby="page-preview-title"
          className={`${preview ? 'block' : 'hidden'} rounded-2xl border border-slate-300 p-4 lg:block dark:border-slate-600`}
        >
          <h2
            id="page-preview-title"
            className="text-sm font-bold tracking-wide text-slate-700 uppercase dark:text-slate-300"
          >
            {t.preview}
          </h2>
          <ContentPageView sections={numbered(sections)} team={numbered(team)} firstLevel={2} idPrefix="preview" />
        </section>
      </div>
      <PageHistory
        name={name}
        version={version}
        onRestored={(page, from) => {
          load(page);
          setStatus({ kind: 'saved', text: t.restored(from, page.version) });
        }}
      />
    </div>
  );
}
