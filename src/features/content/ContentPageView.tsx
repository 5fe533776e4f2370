/**
 * A content page as shoppers see it: its sections in order (the first heading is the page's title, the
 * others its h2s, a body's own headings h3/h4), each body's Markdown made safe by src/lib/safe-markdown.ts,
 * and for the about page the team under the section whose id is `team` (or at the end). The public pages
 * render it on the server; the editor's preview renders the same component in the browser.
 */
import { inOrder, type ContentSection, type TeamMember } from '../../lib/content-page.ts';
import { renderMarkdown } from '../../lib/safe-markdown.ts';
import { initials } from './initials.ts';

interface Props {
  sections: readonly ContentSection[];
  team: readonly TeamMember[];
  /** 1 on the public page; 2 in the preview, inside the editor's own page. */
  firstLevel?: 1 | 2;
  /** Keeps the headings' ids unique when the preview sits in another page. */
  idPrefix?: string;
}

const BODY =
  'text-lg leading-relaxed text-slate-700 dark:text-slate-300 [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:border-slate-300 [&_blockquote]:ps-4 [&_h3]:mt-4 [&_h3]:text-xl [&_h3]:font-bold [&_h4]:mt-3 [&_h4]:font-bold [&_ol]:list-decimal [&_ol]:ps-6 [&_p:not(:first-child)]:mt-3 [&_ul]:list-disc [&_ul]:ps-6';

function Team({ team }: { team: readonly TeamMember[] }) {
  return (
    <ul className="mt-2 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="team">
      {inOrder(team).map((member) => (
        <li
          key={member.id}
          className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 p-6 text-center dark:border-slate-700"
          data-testid="team-member"
        >
          <span className="relative grid size-24 place-items-center overflow-hidden rounded-full bg-brand-700 text-3xl font-bold text-white dark:bg-brand-200 dark:text-brand-900">
            <span aria-hidden="true" data-testid="avatar-initials">
              {initials(member.name)}
            </span>
            {member.picture && (
              <img
                src={member.picture}
                alt=""
                width={96}
                height={96}
                className="absolute inset-0 size-full object-cover"
                data-avatar-picture
              />
            )}
          </span>
          <span>
            <span className="block text-lg font-bold">{member.name}</span>
            <span className="block text-slate-700 dark:text-slate-300">{member.role}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function ContentPageView({ sections, team, firstLevel = 1, idPrefix = 'content' }: Props) {
  const ordered = inOrder(sections);
  const teamAt = ordered.some(({ id }) => id === 'team') ? 'team' : ordered.at(-1)?.id;
  return (
    <article className="mx-auto flex max-w-4xl flex-col gap-10 py-6">
      {ordered.map((section, index) => {
        const id = `${idPrefix}-${section.id}`;
        const Heading = index === 0 ? (`h${firstLevel}` as const) : (`h${firstLevel + 1}` as 'h2' | 'h3');
        return (
          <section key={section.id} aria-labelledby={id} className="flex flex-col gap-3">
            <Heading
              id={id}
              className={index === 0 ? 'text-4xl font-bold text-brand-700 dark:text-brand-100' : 'text-2xl font-bold'}
            >
              {section.heading}
            </Heading>
            <div className={BODY} dangerouslySetInnerHTML={{ __html: renderMarkdown(section.body) }} />
            {section.id === teamAt && team.length > 0 && <Team team={team} />}
          </section>
        );
      })}
    </article>
  );
}
