import { componentKindDef, isTemplateKind, LINK_CATALOGUE, validateComponent, type ComponentPlace, type PageArea, type PageKind, type TemplateKind } from '@umpire/schema';
import type { DB, Dialect } from '../db/database';
import { toDb } from '../db/values';
import '../content/page-publication';
import { refreshPublication } from '../publication/publication';

/**
 * The demo content (issue 9): page types of the five kinds, the builder's component types, a home
 * page, a club page, a match page and a news page built from components linking to the demo
 * competition, clubs, matches and images, and the header (with the site's main menu), footer,
 * branding and what follows the content as global page elements. Every component is checked by validateComponent, as the API would.
 */
interface Writer {
  readonly db: DB;
  readonly dialect: Dialect;
  readonly clientId: number;
  insert(table: string, values: Record<string, unknown>): Promise<number>;
}

type Links = Record<string, number | number[] | null | undefined>;
interface ComponentSeed {
  kind: string;
  settings: Record<string, unknown>;
  links?: Links;
}

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

export async function seedDemoPages(w: Writer, opts: { now: Date }): Promise<void> {
  const { db, clientId } = w;
  const rows = (table: string) => db.selectFrom(table).selectAll().where('client_id', '=', clientId).orderBy('id');
  const competition = await rows('competitions').where('kind', '=', 'league').executeTakeFirstOrThrow();
  const competitionSeason = await rows('competition_seasons').where('competition_id', '=', competition.id).where('is_current', '=', w.dialect === 'sqlite' ? 1 : true).executeTakeFirstOrThrow();
  const clubs = await rows('clubs').execute();
  const group = await db
    .selectFrom('groups')
    .innerJoin('stages', 'stages.id', 'groups.stage_id')
    .select(['groups.id as id'])
    .where('stages.competition_season_id', '=', competitionSeason.id as number)
    .where('groups.client_id', '=', clientId)
    .executeTakeFirst();
  const match = await rows('matches').where('status', '!=', 'not_started').orderBy('kickoff_at', 'desc').executeTakeFirst() ?? (await rows('matches').executeTakeFirst());
  const squad = await db
    .selectFrom('squads')
    .innerJoin('teams', 'teams.id', 'squads.team_id')
    .select(['squads.id as id'])
    .where('teams.club_id', '=', clubs[2].id as number)
    .where('squads.season_id', '=', competitionSeason.season_id as number)
    .executeTakeFirst();
  const products = await rows('products').execute();
  const categories = await rows('publication_categories').execute();
  const video = await rows('videos').executeTakeFirst();
  const logo = Number(competition.image_id);
  const crest = (i: number) => Number(clubs[i].image_id);
  const published = toDb(w.dialect, 'datetime', new Date(opts.now.getTime() - 30 * 24 * 3600 * 1000).toISOString());

  const kinds: [PageKind, string, string][] = [
    ['standard', 'Strona główna', 'Strona główna serwisu ligi: baner, terminarz, tabela, aktualności i sklep.'],
    ['regular', 'Strona klubu', 'Strona jednego klubu: skład, mecze i aktualności.'],
    ['irregular', 'Strona meczu', 'Relacja z meczu: wynik, składy, zdarzenia.'],
    ['simple', 'Aktualności', 'Artykuły i teksty bez danych rozgrywek.'],
    ['promo', 'Promocja', 'Akcje biletowe i oferty partnerów.'],
  ];
  const pageTypes = new Map<PageKind, number>();
  for (const [kind, name, description] of kinds)
    pageTypes.set(kind, await w.insert('page_types', { name, kind, description, visibility: JSON.stringify(kind === 'promo' ? ['web'] : ['web', 'mobile']), image_id: logo }));
  // Templates (issue 40): one page each, shown for every match, club, player and table, and the fixtures and news indexes.
  const templates: [TemplateKind, PageKind, string, string][] = [
    ['match', 'irregular', 'Szablon: mecz', 'Centrum meczu, dla każdego meczu ligi: wynik na żywo, zdarzenia, składy, tabela.'],
    ['club', 'regular', 'Szablon: klub', 'Strona każdego klubu: kadra według pozycji, mecze i wyniki, miejsce w tabeli.'],
    ['player', 'regular', 'Szablon: zawodnik', 'Strona każdego zawodnika: profil, kariera, statystyki sezonu.'],
    ['competition_season', 'regular', 'Szablon: tabela', 'Tabela i statystyki każdego sezonu rozgrywek.'],
    ['fixtures', 'regular', 'Szablon: terminarz', 'Terminarz i wyniki z filtrami kolejki i klubu.'],
    ['news', 'simple', 'Szablon: aktualności', 'Wiadomości z podziałem na strony, filtrowane według kategorii i tagu.'],
  ];
  const templateTypes = new Map<TemplateKind, { id: number; kind: PageKind }>();
  for (const [template, kind, name, description] of templates)
    templateTypes.set(template, { id: await w.insert('page_types', { name, kind, description, template_kind: template, visibility: JSON.stringify(['web', 'mobile']), image_id: logo }), kind });
  for (const category of categories.slice(0, 2))
    await w.insert('page_type_publication_categories', { page_type_id: pageTypes.get('standard'), publication_category_id: category.id });

  const palette: [string, string, string][] = [
    ['page_type', 'text', 'Tekst'], ['page_type', 'image', 'Obraz'], ['page_type', 'gallery', 'Galeria'], ['page_type', 'hero_main', 'Baner główny'],
    ['page_type', 'news', 'Aktualności'], ['page_type', 'match_list', 'Lista meczów'], ['page_type', 'group', 'Tabela grupy'],
    ['page_type', 'club', 'Klub'], ['page_type', 'club_list', 'Lista klubów'], ['page_type', 'match', 'Mecz'], ['page_type', 'squad', 'Kadra'],
    ['page_type', 'player', 'Profil zawodnika'],
    ['page_type', 'product_list', 'Sklep'], ['page_type', 'social_media', 'Media społecznościowe'], ['page_type', 'iframe', 'Osadzona strona'],
    ['page_type', 'quotation', 'Cytat'], ['page_type', 'video', 'Wideo'], ['page_type', 'advertisement', 'Reklama'],
    ['page_type', 'hero_thematic', 'Baner tematyczny'], ['page_type', 'round', 'Kolejka'], ['page_type', 'schedule', 'Terminarz'],
    ['page_type', 'competition_season_statistics', 'Statystyki sezonu'], ['page_type', 'events', 'Wydarzenia'], ['page_type', 'quiz', 'Quiz'],
    ['page_type', 'survey', 'Ankieta'], ['page_type', 'match_predictor_ranking', 'Ranking typera'],
    ['page_type', 'ott_playlist', 'Playlista wideo'], ['page_type', 'ott_playlist_list', 'Lista playlist'], ['page_type', 'ott_format', 'Format wideo'],
    ['page_type', 'ott_format_list', 'Lista formatów'], ['page_type', 'ott_hero_main', 'Baner wideo'], ['page_type', 'ott_external_content', 'Wideo zewnętrzne'],
    ['global_page_element', 'page_header', 'Nagłówek'], ['global_page_element', 'page_footer', 'Stopka'], ['global_page_element', 'branding', 'Identyfikacja wizualna'],
    ['global_page_element', 'social_media', 'Media społecznościowe'], ['global_page_element', 'advertisement', 'Reklama'],
    ['global_page_element', 'main_menu', 'Menu główne'],
    ['article', 'text', 'Tekst artykułu'], ['article', 'gallery', 'Galeria w artykule'],
  ];
  for (const [i, [kind, componentKind, name]] of palette.entries())
    await w.insert('component_types', { name, kind, component_kind: componentKind, position: i, description: null });

  async function components(owner: { page_id?: number; global_page_element_id?: number }, place: ComponentPlace, seeds: ComponentSeed[]) {
    for (const [index, seed] of seeds.entries()) {
      const links = Object.fromEntries(Object.entries(seed.links ?? {}).filter(([, v]) => v != null).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]));
      const issues = validateComponent({ kind: seed.kind, index, settings: seed.settings, links }, place);
      if (issues.length) throw new Error(`demo ${seed.kind} component: ${JSON.stringify(issues)}`);
      const ownerType = owner.page_id !== undefined ? 'page' : 'global_page_element';
      const id = await w.insert('components', {
        kind: seed.kind, index, settings: JSON.stringify(seed.settings), owner_type: ownerType, owner_id: String(owner.page_id ?? owner.global_page_element_id), ...owner,
      });
      const def = componentKindDef(seed.kind)!;
      for (const [name, value] of Object.entries(seed.links ?? {})) {
        if (value == null || !(name in def.links)) continue;
        const target = LINK_CATALOGUE[name as keyof typeof LINK_CATALOGUE].target;
        const ids = [value].flat();
        if (ids.length)
          await db
            .insertInto('component_links')
            .values(ids.map((targetId, position) => ({ client_id: clientId, component_id: id, name, target_type: target, target_id: targetId, position })))
            .execute();
      }
    }
  }
  async function page(kind: PageKind | TemplateKind, title: string, slug: string, seo: string, seeds: ComponentSeed[]): Promise<number> {
    const template = isTemplateKind(kind) ? templateTypes.get(kind)! : null;
    const pageKind = template ? template.kind : (kind as PageKind);
    const id = await w.insert('pages', {
      title, slug, status: 'published', published_from: published, published_until: null, seo_title: title, seo_description: seo, page_type_id: template ? template.id : pageTypes.get(pageKind), seo_image_id: logo,
    });
    await components({ page_id: id }, { owner: 'page', pageKind, template: template ? (kind as TemplateKind) : null }, seeds);
    await refreshPublication(db, w.dialect, 'pages', clientId, id, opts.now);
    return id;
  }

  const home = await page('standard', 'Strona główna', 'strona-glowna', 'Terminarz, wyniki, tabela i wiadomości PKO BP Ekstraklasy.', [
    { kind: 'hero_main', settings: { title: 'Sezon w pełni', subtitle: 'Wszystkie mecze, tabela i skróty w jednym miejscu', layout: 'horizontal', link_type: 'page_type', link_label: 'Terminarz' }, links: { image: logo, publication_category: categories[0]?.id as number } },
    { kind: 'match_list', settings: { title: 'Najbliższe mecze', match_list: 'upcoming', limit: 9 }, links: { competition_season: competitionSeason.id as number } },
    { kind: 'group', settings: { title: 'Tabela', data_source: 'opta', show_standings: true }, links: { competition_season: competitionSeason.id as number, group: group?.id as number } },
    { kind: 'news', settings: { title: 'Aktualności', list_mode: 'latest', limit: 6, layout: 'default', platforms: ['web', 'mobile'] }, links: { publication_category: categories[0]?.id as number } },
    { kind: 'club_list', settings: { title: 'Kluby', list_mode: 'manual', layout: 'default' }, links: { clubs: clubs.map((c) => Number(c.id)), competition_season: competitionSeason.id as number } },
    { kind: 'product_list', settings: { title: 'Sklep kibica', layout: 'horizontal', list_mode: 'manual' }, links: { products: products.slice(0, 6).map((p) => Number(p.id)) } },
    { kind: 'social_media', settings: { title: 'Obserwuj ligę', accounts: [{ network: 'facebook', url: 'https://www.facebook.com/Ekstraklasa' }, { network: 'x', url: 'https://x.com/Ekstraklasa_' }, { network: 'youtube', url: 'https://www.youtube.com/@Ekstraklasa' }] } },
  ].filter((c) => c.kind !== 'group' || group));

  const club = clubs[2];
  const clubPage = await page('regular', String(club.name), `kluby/${String(club.code).toLowerCase()}`, `${String(club.name)}: kadra, mecze i aktualności.`, [
    { kind: 'club', settings: { title: String(club.name), content_kind: 'club', layout: 'horizontal' }, links: { club: club.id as number, club_image: crest(2) } },
    ...(squad ? [{ kind: 'squad', settings: { title: 'Kadra', content_kind: 'player', layout: 'default' }, links: { squad: squad.id as number, season: competitionSeason.season_id as number } }] : []),
    { kind: 'match_list', settings: { title: 'Mecze klubu', match_list: 'all', limit: 10 }, links: { competition_season: competitionSeason.id as number, club: club.id as number } },
    { kind: 'text', settings: { format: 'rich', body: { type: 'doc', content: [paragraph(`${String(club.name)} gra w lidze od lat. Bilety na mecze domowe są w sklepie klubu.`)] } } },
  ]);

  const matchPage = match &&
    await page('irregular', 'Mecz dnia', 'mecze/mecz-dnia', 'Relacja na żywo: wynik, składy i zdarzenia meczu.', [
      { kind: 'match', settings: { title: 'Mecz dnia', data_source: 'opta', show_lineups: true, show_incidents: true }, links: { match: match.id as number, match_live_image: crest(2), match_pending_image: logo, competition_season: competitionSeason.id as number } },
      ...(video ? [{ kind: 'video', settings: { title: 'Skrót', autoplay: false, platforms: ['web', 'mobile'] }, links: { video: video.id as number } }] : []),
      { kind: 'text', settings: { format: 'plain', body: 'Relację prowadzimy na żywo; składy pojawiają się godzinę przed meczem.' } },
    ]);

  const ranking = await db.selectFrom('match_predictor_rankings').select('id').where('client_id', '=', clientId).orderBy('id').executeTakeFirst();
  // The news index is the news template: at /pl/aktualnosci and /en/news, with pages and filters.
  const newsPage = await page('news', 'Aktualności', 'aktualnosci', 'Wiadomości ligi i klubów.', [
    { kind: 'news', settings: { title: 'Najnowsze', list_mode: 'latest', limit: 12, layout: 'vertical', platforms: ['web', 'mobile'] } },
    { kind: 'quotation', settings: { quote: 'Liga to przede wszystkim kibice.', author: 'Prezes ligi', role: 'Zarząd' }, links: { image: logo } },
    { kind: 'image', settings: { caption: 'Stadiony ligi', alt_text: 'Logo ligi', layout: 'default' }, links: { image: logo } },
    // The demo predictor's ranking with its five best fans (seeded before the pages).
    ...(ranking ? [{ kind: 'match_predictor_ranking', settings: { title: 'Typer: najlepsi kibice', limit: 5 }, links: { match_predictor_ranking: Number(ranking.id) } }] : []),
  ]);

  // The templates' pages: their components take the page's record where their link is empty.
  const cs = competitionSeason.id as number;
  const fixturesPage = await page('fixtures', 'Terminarz', 'szablony/terminarz', 'Terminarz i wyniki wszystkich kolejek.', [
    { kind: 'match_list', settings: { title: 'Terminarz i wyniki', match_list: 'all', limit: 100 }, links: { competition_season: cs } },
  ]);
  await page('match', 'Mecz', 'szablony/mecz', 'Wynik na żywo, zdarzenia, składy i tabela meczu.', [
    { kind: 'match', settings: { data_source: 'opta', show_lineups: true, show_incidents: true }, links: { match_pending_image: logo } },
    { kind: 'group', settings: { title: 'Tabela', data_source: 'opta', show_standings: true } },
  ]);
  const clubTemplate = await page('club', 'Klub', 'szablony/klub', 'Kadra, mecze i wyniki, miejsce w tabeli.', [
    { kind: 'club', settings: { content_kind: 'club', layout: 'horizontal' } },
    { kind: 'squad', settings: { title: 'Kadra', content_kind: 'player', layout: 'default' } },
    { kind: 'match_list', settings: { title: 'Mecze i wyniki', match_list: 'all', limit: 40 }, links: { competition_season: cs } },
    ...(group ? [{ kind: 'group', settings: { title: 'Tabela', data_source: 'opta', show_standings: true }, links: { competition_season: cs, group: group.id as number } }] : []),
  ]);
  await page('player', 'Zawodnik', 'szablony/zawodnik', 'Profil, kariera i statystyki zawodnika.', [{ kind: 'player', settings: { layout: 'default' } }]);
  const tablePage = await page('competition_season', 'Tabela', 'szablony/tabela', 'Tabela i najlepsi strzelcy sezonu.', [
    { kind: 'group', settings: { title: 'Tabela', data_source: 'opta', show_standings: true } },
    { kind: 'competition_season_statistics', settings: { title: 'Najlepsi strzelcy', data_source: 'opta', level: 'competition_season', limit: 10 } },
  ]);

  // The site's main menu: the demo's pages, then the league's own site with sub-items (external).
  const to = (id: number) => String(id);
  const menu = [
    { label_pl: 'Strona główna', label_en: 'Home', page_id: to(home) },
    { label_pl: 'Aktualności', label_en: 'News', page_id: to(newsPage) },
    { label_pl: 'Terminarz', label_en: 'Fixtures', page_id: to(fixturesPage) },
    { label_pl: 'Tabela', label_en: 'Table', page_id: to(tablePage) },
    // The club template's item leads to the list of every club, each to its page.
    { label_pl: 'Kluby', label_en: 'Clubs', page_id: to(clubTemplate) },
    ...(matchPage ? [{ label_pl: 'Mecz dnia', label_en: 'Match of the day', page_id: to(matchPage) }] : []),
    // The club's page is written in Polish (kluby/): an item of the Polish menu only.
    { label_pl: String(club.name), page_id: to(clubPage) },
    {
      label_pl: 'O lidze',
      label_en: 'About the league',
      url: 'https://www.ekstraklasa.org/',
      children: [
        { label_pl: 'Regulamin', label_en: 'Rules', url: 'https://www.ekstraklasa.org/regulamin' },
        { label_pl: 'Bilety', label_en: 'Tickets', url: 'https://www.ekstraklasa.org/bilety' },
        { label_pl: 'Kontakt', label_en: 'Contact', url: 'https://www.ekstraklasa.org/kontakt' },
      ],
    },
  ];

  const elements: [PageArea, string, string, ComponentSeed[]][] = [
    ['header_footer', 'Nagłówek', 'naglowek', [
      { kind: 'page_header', settings: { title: 'PKO BP Ekstraklasa', show_search: true, platforms: ['web', 'mobile'] }, links: { image: logo } },
      { kind: 'main_menu', settings: { items: menu } },
      { kind: 'social_media', settings: { accounts: [{ network: 'instagram', url: 'https://www.instagram.com/ekstraklasa' }] } },
    ]],
    ['header_footer', 'Stopka', 'stopka', [
      { kind: 'page_footer', settings: { copyright: '© Ekstraklasa S.A.', link_type: 'custom_link', link_label: 'Kontakt', link_url: 'https://www.ekstraklasa.org/kontakt' }, links: { image: logo } },
    ]],
    ['branding', 'Identyfikacja wizualna', 'marka', [
      { kind: 'branding', settings: { name: 'PKO BP Ekstraklasa', primary_color: '#0B2340', secondary_color: '#C8102E' }, links: { image: logo } },
    ]],
    ['elements_below_content', 'Pod treścią', 'pod-trescia', [
      { kind: 'advertisement', settings: { slot: 'below-content', format: 'billboard', platforms: ['web'] } },
    ]],
  ];
  for (const [area, name, slug, seeds] of elements) {
    const id = await w.insert('global_page_elements', { name, slug, area });
    await components({ global_page_element_id: id }, { owner: 'global_page_element', area }, seeds);
  }
}
