import { componentKindDef, isLinkTargetAvailable, linksOfKind, type ComponentKind, type LinkName } from '@umpire/schema';

/**
 * What an article's text can embed (spec §3: images, galleries, surveys, quizzes, videos, match
 * predictor rankings), in the toolbar's order. Everything else follows from each kind's
 * declaration (packages/schema content/component-kinds.ts): the one required link says what the
 * editor asks for (one image, several images, a record of another resource), and a kind is
 * offered once its target resource is registered. Quizzes, surveys and rankings are listed
 * already: registering their resources makes their buttons appear, with the record picker.
 */
export const EMBEDDABLE_KINDS = ['image', 'gallery', 'video', 'quiz', 'survey', 'match_predictor_ranking'] as const satisfies readonly ComponentKind[];
export type EmbeddableKind = (typeof EMBEDDABLE_KINDS)[number];

export interface EmbedTarget {
  kind: EmbeddableKind;
  /** The link the picked records go into. */
  link: LinkName;
  /** Its JSON:API type (`images`, `videos`, `quizzes`…). */
  target: string;
  /** Several records (a gallery's images) or one. */
  many: boolean;
  max?: number;
}

/** The link an embed of this kind is made from: the first required link its declaration names. */
export function embedTarget(kind: EmbeddableKind): EmbedTarget {
  const def = componentKindDef(kind);
  const link = def && def.owners.includes('article') ? linksOfKind(def).find((l) => l.required) : undefined;
  if (!link) throw new Error(`${kind} is not a kind an article can embed`);
  return { kind, link: link.name, target: link.target, many: link.many, ...(link.max !== undefined ? { max: link.max } : {}) };
}

/** The kinds the editor offers now: those whose target resource exists. */
export const availableEmbeds = (isAvailable: (target: string) => boolean = isLinkTargetAvailable): EmbedTarget[] =>
  EMBEDDABLE_KINDS.map(embedTarget).filter((e) => isAvailable(e.target));

/** POST /components: a component of the article, of the embed's kind, linked to the picked records. */
export function embedDocument(articleId: string, embed: EmbedTarget, ids: string[]) {
  if (!ids.length) throw new Error('nothing picked');
  const records = ids.map((id) => ({ type: embed.target, id }));
  return {
    data: {
      type: 'components',
      attributes: { kind: embed.kind, index: 0, settings: {} },
      relationships: { article: { data: { type: 'articles', id: articleId } }, [embed.link]: { data: embed.many ? records : records[0] } },
    },
  };
}

/** What an embed's card reads with its component: the records of its links, and a video's poster. */
export function embedInclude(isAvailable: (target: string) => boolean = isLinkTargetAvailable): string {
  const embeds = availableEmbeds(isAvailable);
  const links: string[] = [...new Set(embeds.map((e) => e.link))];
  if (embeds.some((e) => e.target === 'videos')) links.push('video.poster');
  return links.join(',');
}

interface ResourceObject {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data?: { type: string; id: string } | { type: string; id: string }[] | null }>;
}

/** What an embed node shows: its kind, a caption (its own, else the linked record's name), pictures. */
export interface EmbeddedComponent {
  id: string;
  kind: string;
  caption: string | null;
  /** Paths of the pictures to show: the image, a gallery's images in order, a video's poster. */
  pictures: string[];
  /** How many records it links (a gallery's images). */
  count: number;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

/** Reads GET /components/{id}?include=… into what the card shows. */
export function toEmbedded(doc: { data: ResourceObject; included?: ResourceObject[] }): EmbeddedComponent {
  const c = doc.data;
  const kind = String(c.attributes.kind);
  const settings = (c.attributes.settings ?? {}) as Record<string, unknown>;
  const included = new Map((doc.included ?? []).map((r) => [`${r.type}:${r.id}`, r]));
  const linked = (r: ResourceObject | undefined, name: string) => {
    const data = r?.relationships?.[name]?.data;
    return (Array.isArray(data) ? data : data ? [data] : []).map((d) => included.get(`${d.type}:${d.id}`)).filter((x): x is ResourceObject => !!x);
  };
  const pathOf = (r: ResourceObject | undefined) => text(r?.attributes.path);
  const embed = (EMBEDDABLE_KINDS as readonly string[]).includes(kind) ? embedTarget(kind as EmbeddableKind) : null;
  const records = embed ? linked(c, embed.link) : [];
  // Pictures themselves, else the component's own image or the record's poster (a video).
  const pictures = embed?.target === 'images' ? records.map(pathOf) : [pathOf(linked(c, 'image')[0]) ?? pathOf(linked(records[0], 'poster')[0])];
  const name = embed?.target === 'images' ? null : (text(records[0]?.attributes.name) ?? text(records[0]?.attributes.title));
  const caption = text(settings.caption) ?? text(settings.title) ?? name;
  return { id: c.id, kind, caption, pictures: pictures.filter((p): p is string => !!p), count: records.length };
}
