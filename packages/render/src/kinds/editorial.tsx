import { num, settingsOf, text, type ResourceObject } from '../document';
import { safeHref, type RenderContext } from '../context';
import { plainWords, PlainText, RichText } from '../rich-text';
import { Cta, EmptyNote, Heading, langOf, layoutClass, limitOf, Picture, titleOf, type RendererProps } from '../parts';

/**
 * Editorial kinds: heroes, news, texts, quotations, images, galleries, embedded pages, videos,
 * advertisements, social accounts, products, and the quiz and survey cards (their play and
 * answers hydrate later, through the fan API).
 */

function Background({ ctx, image }: { ctx: RenderContext; image: ResourceObject | undefined }) {
  return <Picture ctx={ctx} image={image} width={1280} decorative className="u-hero-bg" eager />;
}

export function HeroMain({ component, ctx }: RendererProps) {
  const s = settingsOf(component);
  const category = ctx.resolve.one(component, 'publication_category');
  const background = ctx.resolve.one(component, 'background_photo');
  return (
    <div className={`${layoutClass(component, 'u-hero')}${background ? ' u-hero--photo' : ''}`}>
      <Background ctx={ctx} image={background} />
      <div className="u-hero-text">
        {category && <p className="u-kicker">{text(category, 'name')}</p>}
        <Heading className="u-hero-title">{titleOf(component)}</Heading>
        {text(s, 'subtitle') && <p className="u-hero-subtitle">{text(s, 'subtitle')}</p>}
        <Cta component={component} ctx={ctx} />
      </div>
      <Picture ctx={ctx} image={ctx.resolve.one(component, 'image')} width={640} className="u-hero-image" eager />
    </div>
  );
}

/** An article as a card: its picture, title (the link), date and lead. */
function ArticleCard({ ctx, article, level }: { ctx: RenderContext; article: ResourceObject; level: 3 | 4 }) {
  const href = ctx.hrefs.article(article);
  const title = text(article, 'title') || text(article, 'name');
  const date = article.attributes?.published_at ?? article.attributes?.published_from ?? article.attributes?.created_at;
  const lead = text(article, 'lead') || text(article, 'summary') || text(article, 'description') || plainWords(article.attributes?.body).slice(0, 200);
  const image = ctx.resolve.one(article, 'image') ?? ctx.resolve.one(article, 'main_image') ?? ctx.resolve.one(article, 'cover');
  const Tag = `h${level}` as 'h3';
  return (
    <article className="u-card" lang={langOf(ctx, article)}>
      <Picture ctx={ctx} image={image} width={480} height={270} decorative className="u-card-image" />
      <div className="u-card-body">
        <Tag className="u-card-title">{href ? <a href={href}>{title}</a> : title}</Tag>
        {ctx.format.date(date) && (
          <p className="u-meta">
            <time dateTime={ctx.format.iso(date)}>{ctx.format.date(date)}</time>
          </p>
        )}
        {lead && <p className="u-card-lead">{lead}</p>}
      </div>
    </article>
  );
}

function ArticleList({ component, ctx, def }: RendererProps & { def: number }) {
  const articles = ctx.feed(component).slice(0, limitOf(component, def));
  if (!articles.length) return <EmptyNote>{ctx.t.noArticles}</EmptyNote>;
  return (
    <ul className={layoutClass(component, 'u-cards')}>
      {articles.map((a) => (
        <li key={`${a.type}:${a.id}`}>
          <ArticleCard ctx={ctx} article={a} level={3} />
        </li>
      ))}
    </ul>
  );
}

function CategoryLink({ ctx, category }: { ctx: RenderContext; category: ResourceObject | undefined }) {
  const href = category ? ctx.hrefs.category(category) : undefined;
  if (!href) return null;
  return (
    <p className="u-more">
      <a href={href}>
        {ctx.t.seeAll}: {text(category, 'name')}
      </a>
    </p>
  );
}

export function HeroThematic({ component, ctx }: RendererProps) {
  const s = settingsOf(component);
  const category = ctx.resolve.one(component, 'publication_category');
  const background = ctx.resolve.one(component, 'background_photo');
  return (
    <div className={`u-hero u-hero--thematic${background ? ' u-hero--photo' : ''}`}>
      <Background ctx={ctx} image={background} />
      <div className="u-hero-text">
        {category && <p className="u-kicker">{text(category, 'name')}</p>}
        <Heading className="u-hero-title">{titleOf(component, text(category, 'name'))}</Heading>
        {text(s, 'subtitle') && <p className="u-hero-subtitle">{text(s, 'subtitle')}</p>}
      </div>
      <ArticleList component={component} ctx={ctx} def={4} />
      <CategoryLink ctx={ctx} category={category} />
    </div>
  );
}

export function News({ component, ctx }: RendererProps) {
  const category = ctx.resolve.one(component, 'publication_category');
  return (
    <>
      <Heading>{titleOf(component, text(category, 'name'))}</Heading>
      <ArticleList component={component} ctx={ctx} def={6} />
      <CategoryLink ctx={ctx} category={category} />
    </>
  );
}

export function Quotation({ component, ctx }: RendererProps) {
  const s = settingsOf(component);
  const quote = text(s, 'quote');
  if (!quote) return null;
  const who = [text(s, 'author'), text(s, 'role')].filter(Boolean);
  return (
    <figure className="u-quote">
      <Picture ctx={ctx} image={ctx.resolve.one(component, 'image')} width={96} height={96} decorative className="u-quote-image" />
      <blockquote>
        <PlainText text={quote} />
      </blockquote>
      {who.length > 0 && (
        <figcaption>
          {text(s, 'author') && <cite>{text(s, 'author')}</cite>}
          {text(s, 'role') && <span className="u-meta">{text(s, 'role')}</span>}
        </figcaption>
      )}
    </figure>
  );
}

export function TextBlock({ component }: RendererProps) {
  const s = settingsOf(component);
  const body = s.body;
  return <div className="u-prose">{typeof body === 'string' ? <PlainText text={body} /> : <RichText doc={body} baseLevel={2} />}</div>;
}

export function ImageBlock({ component, ctx }: RendererProps) {
  const s = settingsOf(component);
  const image = ctx.resolve.one(component, 'image');
  if (!ctx.image(image, 1280)) return null;
  const picture = <Picture ctx={ctx} image={image} width={1280} alt={text(s, 'alt_text') || undefined} />;
  const href = ctx.hrefs.cta(s);
  return (
    <figure className={layoutClass(component, 'u-figure')}>
      {href ? <a href={href}>{picture}</a> : picture}
      {text(s, 'caption') && <figcaption>{text(s, 'caption')}</figcaption>}
    </figure>
  );
}

export function Gallery({ component, ctx }: RendererProps) {
  const s = settingsOf(component);
  const images = ctx.resolve.many(component, 'images').filter((i) => ctx.image(i, 480));
  const captions = s.show_captions !== false;
  return (
    <>
      <Heading>{titleOf(component)}</Heading>
      {images.length === 0 ? (
        <EmptyNote>{ctx.t.noItems}</EmptyNote>
      ) : (
        <ul className={layoutClass(component, 'u-gallery')}>
          {images.map((image) => (
            <li key={image.id}>
              <figure>
                <Picture ctx={ctx} image={image} width={480} />
                {captions && (text(image, 'name') || text(image, 'credit')) && (
                  <figcaption>
                    {text(image, 'name')}
                    {text(image, 'credit') && <span className="u-meta"> © {text(image, 'credit')}</span>}
                  </figcaption>
                )}
              </figure>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function Iframe({ component, ctx }: RendererProps) {
  const s = settingsOf(component);
  const src = safeHref(s.url);
  if (!src || !/^https?:/i.test(src)) return null;
  const height = Math.min(4000, Math.max(50, num(s, 'height') ?? 480));
  const title = titleOf(component);
  return (
    <>
      <Heading>{title}</Heading>
      <iframe
        className="u-iframe"
        src={src}
        title={title || ctx.t.embedded}
        height={height}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
        allowFullScreen={s.allow_fullscreen === true || undefined}
      />
    </>
  );
}

export function Video({ component, ctx }: RendererProps) {
  const s = settingsOf(component);
  const video = ctx.resolve.one(component, 'video');
  if (!video) return null;
  const poster = ctx.image(ctx.resolve.one(component, 'image') ?? ctx.resolve.one(video, 'poster'), 1280);
  const sources = ctx.videoSources(video);
  const title = titleOf(component, text(video, 'name'));
  const duration = num(video, 'duration');
  const width = num(video, 'width');
  const height = num(video, 'height');
  return (
    <figure className="u-video">
      <Heading>{title}</Heading>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the media library keeps no caption files yet: a <track> would point at nothing */}
      <video
        controls
        preload="none"
        playsInline
        poster={poster?.src}
        width={width ?? undefined}
        height={height ?? undefined}
        data-video-id={video.id}
        data-hls-src={sources?.hls}
        data-autoplay={s.autoplay === true || undefined}
        aria-label={title || ctx.t.video}
      >
        {sources?.src && <source src={sources.src} type={sources.type} />}
        {ctx.t.videoUnsupported}
      </video>
      {duration !== null && duration > 0 && (
        <figcaption className="u-meta">
          {ctx.t.duration}: {duration >= 60 ? ctx.t.minutesShort(Math.round(duration / 60)) : ctx.t.secondsShort(Math.round(duration))}
        </figcaption>
      )}
    </figure>
  );
}

/** Only on the platforms chosen: the website is `web`. */
export function Advertisement({ component, ctx }: RendererProps) {
  const s = settingsOf(component);
  const format = text(s, 'format') || 'rectangle';
  const image = ctx.resolve.one(component, 'image');
  const href = ctx.hrefs.cta(s);
  const picture = <Picture ctx={ctx} image={image} width={format === 'billboard' ? 970 : 300} alt={text(s, 'link_label') || undefined} />;
  return (
    // Not an <aside>: the page already puts the elements below the content in one, and landmarks do not nest.
    <div className={`u-ad u-ad--${format}`} data-ad-slot={text(s, 'slot') || undefined} data-ad-format={format}>
      <p className="u-ad-label">{ctx.t.advertisement}</p>
      {ctx.image(image, 300) ? (
        href ? (
          <a href={href} rel="sponsored noopener">
            {picture}
          </a>
        ) : (
          picture
        )
      ) : (
        href && <Cta component={component} ctx={ctx} className="u-link" />
      )}
    </div>
  );
}

export function SocialMedia({ component, ctx }: RendererProps) {
  const accounts = settingsOf(component).accounts;
  const links = (Array.isArray(accounts) ? accounts : [])
    .map((a: unknown) => (typeof a === 'object' && a ? (a as Record<string, unknown>) : {}))
    .map((a) => ({ network: text(a, 'network'), href: safeHref(a.url) }))
    .filter((a): a is { network: string; href: string } => !!a.href && /^https?:/i.test(a.href));
  if (!links.length) return null;
  const title = titleOf(component);
  const list = (
    <ul aria-label={title ? undefined : ctx.t.followUs}>
      {links.map((a, i) => (
        <li key={i}>
          <a href={a.href} rel="noopener me" data-network={a.network}>
            {ctx.t.networks[a.network] ?? a.network}
          </a>
        </li>
      ))}
    </ul>
  );
  // A titled block is a landmark named by its title; an untitled one is a named list, not a
  // landmark: two of them (the header's and one below the content) would be two landmarks of one name.
  return title ? (
    <nav className="u-social" aria-label={title}>
      <Heading>{title}</Heading>
      {list}
    </nav>
  ) : (
    <div className="u-social">{list}</div>
  );
}

export function ProductList({ component, ctx }: RendererProps) {
  const products = ctx.resolve.many(component, 'products');
  return (
    <>
      <Heading>{titleOf(component, ctx.t.products)}</Heading>
      {products.length === 0 ? (
        <EmptyNote>{ctx.t.noItems}</EmptyNote>
      ) : (
        <ul className={layoutClass(component, 'u-cards')}>
          {products.map((p) => {
            const price = num(p, 'price');
            const href = safeHref(p.attributes?.url);
            return (
              <li key={p.id}>
                <article className="u-card">
                  <Picture ctx={ctx} image={ctx.resolve.one(p, 'image')} width={480} height={270} decorative className="u-card-image" />
                  <div className="u-card-body">
                    <p className="u-kicker">{ctx.t.productKinds[text(p, 'kind')] ?? ''}</p>
                    <h3 className="u-card-title">{text(p, 'name')}</h3>
                    {text(p, 'description') && <p className="u-card-lead">{text(p, 'description')}</p>}
                    {price !== null && <p className="u-price">{ctx.format.price(price, text(p, 'currency') || 'PLN')}</p>}
                    {href && (
                      <a className="u-button" href={href} rel="noopener">
                        {ctx.t.buy}
                        <span className="u-visually-hidden">: {text(p, 'name')}</span>
                      </a>
                    )}
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

/** The quiz's card; answering hydrates later (attempts start on the server, through the fan API). */
export function Quiz({ component, ctx }: RendererProps) {
  const quiz = ctx.resolve.one(component, 'quiz');
  if (!quiz) return null;
  const limit = num(quiz, 'time_limit_seconds');
  const until = quiz.attributes?.open_until;
  return (
    <div className="u-engage" data-hydrate="quiz" data-quiz-id={quiz.id}>
      <Picture ctx={ctx} image={ctx.resolve.one(component, 'image') ?? ctx.resolve.one(quiz, 'image')} width={480} height={270} decorative className="u-card-image" />
      <div className="u-card-body">
        <p className="u-kicker">{ctx.t.quiz}</p>
        <Heading>{titleOf(component, text(quiz, 'title'))}</Heading>
        {titleOf(component) && text(quiz, 'title') && <p className="u-engage-name">{text(quiz, 'title')}</p>}
        {text(quiz, 'description') && <p>{text(quiz, 'description')}</p>}
        <dl className="u-facts">
          {limit !== null && limit > 0 && (
            <div>
              <dt>{ctx.t.timeLimit}</dt>
              <dd>{limit >= 60 ? ctx.t.minutesShort(Math.round(limit / 60)) : ctx.t.secondsShort(limit)}</dd>
            </div>
          )}
          {ctx.format.dateTime(until) && (
            <div>
              <dt>{ctx.t.openUntil}</dt>
              <dd>
                <time dateTime={ctx.format.iso(until)}>{ctx.format.dateTime(until)}</time>
              </dd>
            </div>
          )}
        </dl>
        <button type="button" className="u-button" data-action="start-quiz">
          {ctx.t.startQuiz}
        </button>
      </div>
    </div>
  );
}

/** The survey's card; answering hydrates later, through the fan API. */
export function Survey({ component, ctx }: RendererProps) {
  const survey = ctx.resolve.one(component, 'survey');
  if (!survey) return null;
  const closes = survey.attributes?.closes_at;
  return (
    <div className="u-engage" data-hydrate="survey" data-survey-id={survey.id}>
      <div className="u-card-body">
        <p className="u-kicker">{ctx.t.survey}</p>
        <Heading>{titleOf(component, text(survey, 'title'))}</Heading>
        {titleOf(component) && text(survey, 'title') && <p className="u-engage-name">{text(survey, 'title')}</p>}
        {text(survey, 'description') && <p>{text(survey, 'description')}</p>}
        {ctx.format.dateTime(closes) && (
          <p className="u-meta">
            {ctx.t.openUntil}: <time dateTime={ctx.format.iso(closes)}>{ctx.format.dateTime(closes)}</time>
          </p>
        )}
        <button type="button" className="u-button" data-action="take-survey">
          {ctx.t.takeSurvey}
        </button>
      </div>
    </div>
  );
}
