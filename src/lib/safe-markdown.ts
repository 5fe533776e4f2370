/**
 * The content pages' Markdown as safe HTML, with maintained libraries (unified: remark-parse,
 * remark-rehype, rehype-sanitize, rehype-stringify), the same code on the server (the public pages) and
 * in the editor's preview. What it keeps: paragraphs, emphasis, lists, quotes, links and the headings a
 * section's body may hold (`###`, `####`; anything higher is lowered to `###`, lower raised to `####`,
 * so a body never breaks the page's outline). Raw HTML is dropped, never rendered (remark-rehype leaves
 * it out without `allowDangerousHtml`); a link keeps its address only when it is http:, https:, mailto:
 * or one of the shop's own paths (`/…`, not `//host`), and otherwise becomes its text.
 */
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

const TAGS = ['p', 'em', 'strong', 'ul', 'ol', 'li', 'blockquote', 'a', 'h3', 'h4', 'br'];

const SCHEMA = {
  ...defaultSchema,
  tagNames: TAGS,
  attributes: { a: ['href'], ol: ['start'] },
  protocols: { href: ['http', 'https', 'mailto'] },
  clobber: [],
  // What is left out is dropped with its text for these, kept as text for anything else.
  strip: ['script', 'style'],
};

/** Whether a link may keep its address: a known scheme, or a path of the shop itself. */
export function isSafeHref(href: string): boolean {
  const value = href.trim();
  if (/^(?:https?:\/\/[^\s/\\]|mailto:[^\s])/i.test(value)) return true;
  return /^\/(?![/\\])/.test(value) || /^#[\w-]*$/.test(value);
}

/** The parts of a HTML tree (hast) this file reads. */
interface Element {
  type: 'element';
  tagName: string;
  properties: Record<string, unknown>;
  children: Node[];
}
type Node = Element | { type: 'root' | 'text' | 'comment' | 'doctype' | 'raw'; children?: Node[] };
type Root = { type: 'root'; children: Node[] };

function visit(node: Root | Element, each: (element: Element, parent: Root | Element, index: number) => void) {
  node.children.forEach((child, index) => {
    if (child.type !== 'element') return;
    each(child, node, index);
    visit(child, each);
  });
}

/** Headings kept within the section (h3/h4), links kept only to safe addresses (else their text). */
function withinOutline() {
  return (tree: unknown) => {
    visit(tree as Root, (element, parent, index) => {
      const level = /^h([1-6])$/.exec(element.tagName)?.[1];
      if (level) element.tagName = Number(level) <= 3 ? 'h3' : 'h4';
      if (element.tagName === 'a') {
        const href = element.properties.href;
        if (typeof href !== 'string' || !isSafeHref(href)) parent.children.splice(index, 1, ...element.children);
      }
    });
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkRehype)
  .use(withinOutline)
  .use(rehypeSanitize, SCHEMA)
  .use(rehypeStringify)
  .freeze();

/** A section body's HTML: safe to put into the page as it is. */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}
