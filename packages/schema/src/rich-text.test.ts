import { describe, expect, it } from 'vitest';
import { richTextDocument, richTextPlain, sanitizeRichText } from './rich-text';
import { publicationDateTime } from './validators';

const problem = (value: unknown) => {
  const r = sanitizeRichText(value);
  return 'problem' in r ? r.problem.key : null;
};

describe('rich text schema', () => {
  it('keeps allowed nodes and marks, dropping unknown attributes', () => {
    const r = sanitizeRichText({
      type: 'doc',
      content: [{ type: 'paragraph', attrs: { class: 'x' }, content: [{ type: 'text', text: 'Hej', marks: [{ type: 'italic', attrs: { x: 1 } }] }] }],
    });
    expect(r).toEqual({ doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hej', marks: [{ type: 'italic' }] }] }] } });
  });

  it('refuses HTML as a string, a node or inside a text, and unsafe links', () => {
    expect(problem('<p>x</p>')).toBe('unsafeRichText');
    expect(problem('plain text')).toBe('invalidType');
    expect(problem({ type: 'doc', content: [{ type: 'rawHtml' }] })).toBe('unsafeRichText');
    expect(problem({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: '<img src=x onerror=1>' }] }] })).toBe('unsafeRichText');
    expect(problem({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a', marks: [{ type: 'link', attrs: { href: ' javascript:alert(1)' } }] }] }] })).not.toBeNull();
    expect(problem({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a', marks: [{ type: 'link', attrs: { href: 'mailto:biuro@liga.pl' } }] }] }] })).toBeNull();
    expect(problem({ type: 'doc', content: [{ type: 'embed', attrs: { kind: 'quiz', component_id: '"><script>' } }] })).toBe('invalidRichText');
    expect(problem({ type: 'doc', content: [{ type: 'embed', attrs: { kind: 'quiz' } }] })).toBe('invalidRichText');
    expect(problem({ type: 'doc', content: [{ type: 'embed', attrs: { kind: 'iframe', component_id: '7' } }] })).toBe('invalidRichText');
    expect(problem({ type: 'doc', content: [{ type: 'embed', attrs: { kind: 'gallery', component_id: '7', settings: { x: '<b>' } } }] })).toBeNull();
    expect(problem({ type: 'doc', content: [{ type: 'bulletList', content: [{ type: 'paragraph' }] }] })).toBe('invalidRichText');
  });

  it('reports the problem under the attribute, with its path, as a translatable key', () => {
    const r = richTextDocument().safeParse({ type: 'doc', content: [{ type: 'heading', attrs: { level: 1 } }] });
    expect(r.success).toBe(false);
    if (!r.success) expect(r.error.issues[0]).toMatchObject({ message: 'invalidRichText', path: ['content', 0, 'attrs', 'level'] });
  });

  it('gives the plain text of a document', () => {
    expect(richTextPlain({ type: 'doc', content: [{ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Tytuł' }] }, { type: 'paragraph', content: [{ type: 'text', text: 'Akapit' }] }] })).toBe('Tytuł\nAkapit');
  });
});

describe('publication date-time (spec §5)', () => {
  it('needs the hour', () => {
    const key = (v: string) => {
      const r = publicationDateTime().safeParse(v);
      return r.success ? null : r.error.issues[0].message;
    };
    expect(key('2026-05-01')).toBe('publicationDateWithoutHour');
    expect(key('01.05.2026')).toBe('publicationDateWithoutHour');
    expect(key('2026-05-01T08:00:00Z')).toBeNull();
    expect(key('2026-05-01T08:00+02:00')).toBeNull();
    expect(key('tomorrow')).toBe('invalidDateTime');
  });
});
