/**
 * The content pages' Markdown (src/lib/safe-markdown.ts): what it keeps (paragraphs, emphasis, lists,
 * quotes, links, h3/h4), what it drops (raw HTML, links to other schemes or to other hosts dressed as
 * paths), and every XSS payload of the project made harmless, alone and inside other Markdown.
 */
import { describe, expect, it } from 'vitest';
import { isSafeHref, renderMarkdown } from '../../src/lib/safe-markdown.ts';
import { ContentInputSchema } from '../../src/lib/content-rules.ts';
import { contentMessages } from '../../src/lib/content-messages.ts';
import { unsafeTags, XSS_PAYLOADS } from '../helpers/xss-payloads.ts';

describe('safe Markdown', () => {
  it('keeps paragraphs, emphasis, lists, quotes, links and the section’s own headings', () => {
    const html = renderMarkdown(
      '### כותרת\n\nפסקה עם *הדגשה* ו**חוזק**.\n\n- אחד\n- שניים\n\n1. ראשון\n\n> ציטוט\n\n#### משנה\n\n[אתר](https://example.test) [דוא״ל](mailto:shop@example.test) [מוצרים](/products)',
    );
    expect(html).toContain('<h3>כותרת</h3>');
    expect(html).toContain('<em>הדגשה</em>');
    expect(html).toContain('<strong>חוזק</strong>');
    expect(html).toContain('<ul>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<h4>משנה</h4>');
    expect(html).toContain('<a href="https://example.test">אתר</a>');
    expect(html).toContain('<a href="mailto:shop@example.test">דוא״ל</a>');
    expect(html).toContain('<a href="/products">מוצרים</a>');
  });

  it('keeps headings within the section: # and ## become h3, ##### and ###### h4', () => {
    expect(renderMarkdown('# א')).toBe('<h3>א</h3>');
    expect(renderMarkdown('## ב')).toBe('<h3>ב</h3>');
    expect(renderMarkdown('###### ג')).toBe('<h4>ג</h4>');
  });

  it('drops raw HTML (its text stays as text only where Markdown put it) and links of other schemes or hosts', () => {
    expect(renderMarkdown('לפני <b>מודגש</b> אחרי')).toBe('<p>לפני מודגש אחרי</p>');
    expect(renderMarkdown('[קישור](javascript:alert(1))')).toBe('<p>קישור</p>');
    expect(renderMarkdown('[קישור](//evil.test)')).toBe('<p>קישור</p>');
    for (const href of ['http://a.test', 'https://a.test/x', 'mailto:a@b.test', '/about', '/products?x=1']) {
      expect(isSafeHref(href), href).toBe(true);
    }
    for (const href of [
      'javascript:alert(1)',
      '//evil.test',
      '/\\evil.test',
      'data:text/html,x',
      'ftp://a.test',
      'about',
    ]) {
      expect(isSafeHref(href), href).toBe(false);
    }
  });

  it.each(XSS_PAYLOADS)('makes %s harmless, alone and inside a list and a quote', (payload) => {
    for (const markdown of [payload, `- ${payload}`, `> ${payload}`, `פסקה ${payload} סוף`]) {
      expect(unsafeTags(renderMarkdown(markdown))).toEqual([]);
    }
  });
});

describe('the rules of a saved page', () => {
  const section = { id: 'a', heading: 'כותרת', body: 'גוף', order: 1 };
  const issues = (input: unknown) =>
    ContentInputSchema.safeParse(input).error?.issues.map(({ path, message }) => [path.join('.'), message]);

  it('refuses # and ## in a body (ATX or underlined), with the Hebrew message under the field', () => {
    for (const body of ['# כותרת', 'טקסט\n\n## כותרת', 'כותרת\n===']) {
      expect(issues({ sections: [{ ...section, body }] })).toEqual([['sections.0.body', contentMessages.bodyHeadings]]);
    }
    expect(issues({ sections: [{ ...section, body: '### מותר\n\n#### גם' }] })).toBeUndefined();
  });

  it('holds the limits: heading 120, body 20,000, 20 sections, 24 team members, name and role 80', () => {
    expect(issues({ sections: [{ ...section, heading: 'א'.repeat(121) }] })).toEqual([
      ['sections.0.heading', contentMessages.heading],
    ]);
    expect(issues({ sections: [{ ...section, body: 'א'.repeat(20_001) }] })).toEqual([
      ['sections.0.body', contentMessages.body],
    ]);
    const sections = Array.from({ length: 21 }, (_, index) => ({ ...section, id: `s${index}`, order: index }));
    expect(issues({ sections })).toEqual([['sections', contentMessages.sections]]);
    const member = { id: 'm', name: 'שם', role: 'תפקיד', picture: null, order: 1 };
    const team = Array.from({ length: 25 }, (_, index) => ({ ...member, id: `m${index}` }));
    expect(issues({ sections: [section], team })).toEqual([['team', contentMessages.team]]);
    expect(issues({ sections: [section], team: [{ ...member, name: 'א'.repeat(81), role: 'ב'.repeat(81) }] })).toEqual([
      ['team.0.name', contentMessages.name],
      ['team.0.role', contentMessages.role],
    ]);
    expect(issues({ sections: [section], team: [{ ...member, picture: 'javascript:alert(1)' }] })).toEqual([
      ['team.0.picture', contentMessages.picture],
    ]);
  });
});
