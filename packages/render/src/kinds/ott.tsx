import { attr, settingsOf, text, type ResourceObject } from '../document';
import { safeHref, type RenderContext } from '../context';
import { Cta, EmptyNote, Heading, langOf, layoutClass, limitOf, Picture, titleOf, type RendererProps } from '../parts';

/**
 * The OTT hub's kinds: formats, playlists and events (their texts in the reader's language when
 * translated; `lang` says so when a record came in another), a hero, and external content.
 * Playback hydrates later (hls.js, with the viewer's entitlement).
 */

const pictureOf = (ctx: RenderContext, record: ResourceObject) =>
  ctx.resolve.one(record, 'image_horizontal') ?? ctx.resolve.one(record, 'image') ?? ctx.resolve.one(record, 'image_vertical');

/**
 * A format, playlist or event as a card. An event's card is what the website's player hydrates
 * (ott-playback.ts): wherever it is drawn (the events component, a playlist, a match centre), the
 * same "Watch" button asks for its playback.
 */
export function OttCard({ ctx, record, level = 3, image }: { ctx: RenderContext; record: ResourceObject; level?: 2 | 3 | 4; image?: ResourceObject }) {
  const Tag = `h${level}` as 'h3';
  const starts = attr(record, 'starts_at');
  const status = text(record, 'status');
  const access = text(record, 'access');
  // An event's status and access are hooks of the website's player (a "Watch" button that asks for its playback).
  return (
    <article
      className="u-card"
      lang={langOf(ctx, record)}
      data-ott-type={record.type}
      data-ott-id={record.id}
      data-live={status === 'live' || undefined}
      data-status={record.type === 'ott_events' ? status || undefined : undefined}
      data-access={record.type === 'ott_events' ? access || undefined : undefined}
    >
      <Picture ctx={ctx} image={image ?? pictureOf(ctx, record)} width={480} height={270} decorative className="u-card-image" />
      <div className="u-card-body">
        {record.type === 'ott_events' && (status || access) && (
          <p className="u-kicker">
            {status === 'live' ? <strong className="u-live">{ctx.t.eventStatus.live}</strong> : ctx.t.eventStatus[status]}
            {access && <span> · {access === 'free' ? ctx.t.free : access === 'pay_per_view' ? ctx.t.payPerView : ctx.t.subscription}</span>}
          </p>
        )}
        <Tag className="u-card-title">{text(record, 'title') || text(record, 'name')}</Tag>
        {ctx.format.dateTime(starts) && (
          <p className="u-meta">
            <time dateTime={ctx.format.iso(starts)}>{ctx.format.dateTime(starts)}</time>
          </p>
        )}
        {text(record, 'description') && <p className="u-card-lead">{text(record, 'description')}</p>}
      </div>
    </article>
  );
}

function CardList({ component, ctx, records, empty }: RendererProps & { records: ResourceObject[]; empty: string }) {
  if (!records.length) return <EmptyNote>{empty}</EmptyNote>;
  return (
    <ul className={layoutClass(component, 'u-cards')}>
      {records.map((r) => (
        <li key={`${r.type}:${r.id}`}>
          <OttCard ctx={ctx} record={r} />
        </li>
      ))}
    </ul>
  );
}

/** The linked records, else those fetched for the component (an automatic list), at most `limit`. */
function linkedOrFed(component: ResourceObject, ctx: RenderContext, link: string, type: string, def: number): ResourceObject[] {
  const linked = ctx.resolve.many(component, link);
  return (linked.length ? linked : ctx.feed(component).filter((r) => r.type === type)).slice(0, limitOf(component, def));
}

export function OttFormat({ component, ctx }: RendererProps) {
  const format = ctx.resolve.one(component, 'format');
  if (!format) return null;
  return (
    <div className={layoutClass(component, 'u-feature')}>
      <Heading>{titleOf(component)}</Heading>
      <OttCard ctx={ctx} record={format} level={titleOf(component) ? 3 : 2} image={ctx.resolve.one(component, 'image')} />
    </div>
  );
}

export function OttFormatList({ component, ctx }: RendererProps) {
  return (
    <>
      <Heading>{titleOf(component)}</Heading>
      <CardList component={component} ctx={ctx} records={linkedOrFed(component, ctx, 'formats', 'formats', 12)} empty={ctx.t.noItems} />
    </>
  );
}

export function OttPlaylist({ component, ctx }: RendererProps) {
  const playlist = ctx.resolve.one(component, 'playlist');
  if (!playlist) return null;
  // The playlist's events, when a site fetched them beside the page.
  const events = ctx.feed(component).filter((r) => r.type === 'ott_events');
  return (
    <div className={layoutClass(component, 'u-feature')} data-filter-kind={text(settingsOf(component), 'filter_kind') || undefined}>
      <Heading>{titleOf(component, text(playlist, 'title'))}</Heading>
      <OttCard ctx={ctx} record={playlist} level={3} />
      {events.length > 0 && <CardList component={component} ctx={ctx} records={events} empty={ctx.t.noEvents} />}
    </div>
  );
}

export function OttPlaylistList({ component, ctx }: RendererProps) {
  return (
    <>
      <Heading>{titleOf(component)}</Heading>
      <CardList component={component} ctx={ctx} records={linkedOrFed(component, ctx, 'playlists', 'playlists', 6)} empty={ctx.t.noItems} />
    </>
  );
}

export function OttHeroMain({ component, ctx }: RendererProps) {
  const s = settingsOf(component);
  const background = ctx.resolve.one(component, 'background_photo');
  const kicker = ctx.resolve.one(component, 'format') ?? ctx.resolve.one(component, 'playlist');
  return (
    <div className={`u-hero u-hero--ott${background ? ' u-hero--photo' : ''}`}>
      <Picture ctx={ctx} image={background} width={1280} decorative className="u-hero-bg" eager />
      <div className="u-hero-text">
        {kicker && (
          <p className="u-kicker" lang={langOf(ctx, kicker)}>
            {text(kicker, 'title')}
          </p>
        )}
        <Heading className="u-hero-title">{titleOf(component)}</Heading>
        {text(s, 'subtitle') && <p className="u-hero-subtitle">{text(s, 'subtitle')}</p>}
        <Cta component={component} ctx={ctx} />
      </div>
    </div>
  );
}

export function OttExternalContent({ component, ctx }: RendererProps) {
  const s = settingsOf(component);
  const href = safeHref(s.url);
  const title = titleOf(component);
  return (
    <article className="u-card u-card--wide">
      <Picture ctx={ctx} image={ctx.resolve.one(component, 'image')} width={640} height={360} decorative className="u-card-image" />
      <div className="u-card-body">
        <Heading>{title}</Heading>
        {href && /^https?:/i.test(href) && (
          <a className="u-button" href={href} rel="noopener">
            {ctx.t.open}
            <span className="u-visually-hidden">: {title}</span>
          </a>
        )}
      </div>
    </article>
  );
}

export function Events({ component, ctx }: RendererProps) {
  const s = settingsOf(component);
  const linked = ctx.resolve.many(component, 'events');
  const all = linked.length ? linked : ctx.feed(component).filter((r) => r.type === 'ott_events');
  const mode = s.match_list;
  const events = all.filter((e) => (mode === 'finished' ? text(e, 'status') === 'ended' : mode === 'upcoming' ? text(e, 'status') !== 'ended' : true));
  return (
    <>
      <Heading>{titleOf(component)}</Heading>
      <CardList component={component} ctx={ctx} records={events} empty={ctx.t.noEvents} />
    </>
  );
}
