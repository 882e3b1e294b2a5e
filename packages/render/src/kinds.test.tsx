import { describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { COMPONENT_KINDS, type ComponentKind } from '@umpire/schema/content/enums';
import { FIXTURES, fixtureComponents } from '../test/fixtures';
import { createRenderContext, type RenderOptions } from './context';
import { createResolver, text, type JsonApiDocument, type ResourceObject } from './document';
import { ComponentView } from './page';

/**
 * Every kind drawn from the demo data's real documents (test/fixtures, captured from the demo's
 * /current_page and previews): the titles, links, alt texts and table cells a fan reads. Then every
 * kind again with its links missing, pointing at records that are not included, or malformed:
 * nothing is thrown, and a kind that cannot show anything without its link shows nothing.
 */
const components = fixtureComponents();
const decode = (html: string) =>
  html.replace(/<!-- -->/g, '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
const visible = (html: string) => decode(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');

function draw(kind: ComponentKind, options: Partial<RenderOptions> = {}, extra: JsonApiDocument[] = []) {
  const found = components.find((c) => c.component.attributes?.kind === kind);
  if (!found) throw new Error(`no fixture holds a ${kind} component`);
  const ctx = createRenderContext({ locale: 'pl', imageBase: 'https://umpire.cdn.test/img', ...options }, found.doc, ...extra);
  const html = renderToString(<ComponentView component={found.component} ctx={ctx} />);
  return { html: decode(html), text: visible(html), component: found.component, resolve: createResolver(found.doc, ...extra), ctx };
}

const settings = (c: ResourceObject) => (c.attributes?.settings ?? {}) as Record<string, any>;
const linked = (c: ResourceObject, name: string) => [c.relationships?.[name]?.data ?? []].flat() as { type: string; id: string }[];

/** A feed of the home page's matches as a site would fetch it (the match day's match, with its sides). */
const matchDay = FIXTURES['page-mecze-mecz-dnia.pl'];
const match = matchDay.included!.find((r) => r.type === 'matches')!;
const matchFeed = (componentId: string): RenderOptions['feeds'] => ({ [componentId]: { data: [match], included: matchDay.included } });
/** Articles as /public/v1/articles answers them (a title, a slug, a date, a lead, a picture). */
const articles: JsonApiDocument = {
  data: [
    { type: 'articles', id: '31', attributes: { title: 'Legia wygrywa w Gdańsku', slug: 'legia-wygrywa', published_at: '2026-11-20T18:00:00Z', lead: 'Trzy punkty w doliczonym czasie.' }, relationships: { image: { data: { type: 'images', id: '1' } } } },
    { type: 'articles', id: '32', attributes: { title: 'Zapowiedź kolejki', slug: 'zapowiedz', published_at: '2026-11-21T08:00:00Z' } },
  ],
};

const CHECKS: Record<ComponentKind, () => void> = {
  advertisement: () => {
    const { html, text: t, component } = draw('advertisement');
    expect(html).toContain(`data-ad-slot="${settings(component).slot}"`);
    expect(html).toMatch(/<div class="u-ad u-ad--\w+"/);
    expect(t).toContain('Reklama');
  },
  competition_season_statistics: () => {
    const { html, resolve, component } = draw('competition_season_statistics');
    expect(html).toContain('<table');
    expect(html).toContain('<th scope="col">Zawodnik</th>');
    const season = resolve.one(component, 'competition_season')!;
    const top = resolve.pointingAt('statistics', 'competition_season', season).sort((a, b) => Number(b.attributes!.goals) - Number(a.attributes!.goals))[0];
    const player = resolve.one(top, 'player')!;
    expect(html).toMatch(new RegExp(`<th scope="row">${text(player, 'first_name')} ${text(player, 'last_name')}</th><td>`));
    expect(html).toContain(`<td>${top.attributes!.goals}</td>`);
  },
  club: () => {
    const { html, text: t, resolve, component } = draw('club');
    const club = resolve.one(component, 'club')!;
    expect(t).toContain(text(club, 'name'));
    expect(t).toContain(String(club.attributes!.founded));
    expect(html).toContain(`href="${text(club, 'website')}"`);
    expect(html).toMatch(/<img[^>]*class="u-club-crest"[^>]*src="https:\/\/umpire\.cdn\.test\/img\/fit-in\/160x160\/filters:format\(webp\)\//);
  },
  gallery: () => {
    const { html, resolve, component } = draw('gallery');
    const images = resolve.many(component, 'images');
    expect(images.length).toBeGreaterThan(1);
    for (const image of images) expect(html).toContain(`alt="${text(image, 'alt_text_pl')}"`);
    expect(html).toContain('<figcaption>');
    // In English, the English alt texts.
    const en = draw('gallery', { locale: 'en' });
    for (const image of images) expect(en.html).toContain(`alt="${text(image, 'alt_text_en')}"`);
  },
  page_header: () => {
    const { html, text: t, component } = draw('page_header');
    expect(t).toContain(settings(component).title);
    expect(html).toContain('role="search"');
    expect(html).toMatch(/<label[^>]*for="u-search-(\d+)"[^>]*>Szukaj w serwisie<\/label><input id="u-search-\1" type="search"[^>]* name="q"/);
    expect(html).toContain('href="/"');
  },
  hero_main: () => {
    const { html, text: t, resolve, component } = draw('hero_main');
    expect(html).toContain(`<h2 class="u-hero-title">${settings(component).title}</h2>`);
    expect(t).toContain(settings(component).subtitle);
    expect(html).toContain(`alt="${text(resolve.one(component, 'image'), 'alt_text_pl')}"`);
    expect(t).toContain(text(resolve.one(component, 'publication_category'), 'name'));
  },
  hero_thematic: () => {
    const { text: t, component, resolve } = draw('hero_thematic');
    expect(t).toContain(settings(component).title);
    expect(t).toContain('Nie ma jeszcze artykułów do pokazania.');
    const fed = draw('hero_thematic', { feeds: { [component.id]: articles } });
    expect(fed.html).toContain('<a href="/articles/legia-wygrywa">Legia wygrywa w Gdańsku</a>');
    expect(fed.html).toContain(`href="/news/${text(resolve.one(component, 'publication_category'), 'slug')}"`);
  },
  round: () => {
    const { html, text: t, resolve, component } = draw('round');
    const round = resolve.one(component, 'round')!;
    expect(t).toContain(text(round, 'name'));
    expect(html).toContain(`<time dateTime="${text(round, 'start_date')}">`);
    expect(t).toContain('Nie ma meczów do pokazania.');
  },
  group: () => {
    const { html, resolve, component } = draw('group');
    const group = resolve.one(component, 'group')!;
    const rows = resolve.pointingAt('standings', 'group', group);
    expect(rows.length).toBeGreaterThan(10);
    expect(html).toContain('<caption class="u-visually-hidden">Tabela: ');
    expect((html.match(/<th scope="row">/g) ?? []).length).toBe(rows.length);
    const first = rows.find((r) => r.attributes!.position === 1)!;
    const team = resolve.one(resolve.one(first, 'squad'), 'team')!;
    expect(html).toMatch(new RegExp(`<tr data-zone="promotion"><td>1<span class="u-visually-hidden"> \\(awans\\)</span></td><th scope="row"><span class="u-side">.*?<span class="u-side-name">${text(team, 'name')}</span>`));
    expect(html).toContain(`<strong>${first.attributes!.points}</strong>`);
    expect(html).toContain('<abbr title="Punkty">');
    // English headers.
    expect(draw('group', { locale: 'en' }).html).toContain('<abbr title="Points">');
    // No row is anyone's own on a page made for no club.
    expect(html).not.toContain('aria-current');
    // On a club's page (a club template's record), that club's row is marked, and only it.
    const third = rows.find((r) => r.attributes!.position === 3)!;
    const club = resolve.one(resolve.one(resolve.one(third, 'squad'), 'team'), 'club')!;
    const marked = draw('group', { record: club });
    expect(marked.html.match(/aria-current/g)).toHaveLength(1);
    expect(marked.html).toMatch(new RegExp(`<tr class="u-row-current" aria-current="true"><td>3</td><th scope="row"><span class="u-side">.*?<span class="u-side-name">[^<]+</span></span><span class="u-visually-hidden"> \\(ten klub\\)</span></th>`));
    expect(draw('group', { record: club, locale: 'en' }).html).toContain('<span class="u-visually-hidden"> (this club)</span>');
    // A record of another type (a player's page) marks nothing.
    expect(draw('group', { record: { type: 'players', id: club.id } }).html).not.toContain('aria-current');
  },
  schedule: () => {
    const { text: t, component } = draw('schedule');
    expect(t).toContain(settings(component).title);
    expect(t).toContain('Nie ma meczów do pokazania.');
  },
  social_media: () => {
    const { html } = draw('social_media');
    const found = components.find((c) => c.component.attributes?.kind === 'social_media')!.component;
    for (const account of settings(found).accounts) expect(html).toContain(`href="${account.url}"`);
    // Untitled: a named list, not a landmark (the header's and another one would be two landmarks of one name).
    expect(html).toContain('<div class="u-social"><ul aria-label="Obserwuj nas">');
    expect(html).not.toContain('<nav');
    // Titled: a landmark named by its title.
    const titled = renderToString(
      <ComponentView component={{ ...found, attributes: { ...found.attributes, settings: { ...settings(found), title: 'Klub w sieci' } } }} ctx={createRenderContext({ locale: 'pl' }, { data: found })} />,
    );
    expect(titled).toMatch(/<nav class="u-social" aria-label="Klub w sieci">/);
  },
  quiz: () => {
    const { html, text: t, resolve, component } = draw('quiz');
    const quiz = resolve.one(component, 'quiz')!;
    expect(t).toContain(text(quiz, 'title'));
    expect(html).toContain(`data-quiz-id="${quiz.id}"`);
    expect(t).toContain('Rozwiąż quiz');
    expect(t).toContain('2 min');
    expect(draw('quiz', { locale: 'en' }).text).toContain('Take the quiz');
  },
  match: () => {
    const { html, text: t, resolve, component } = draw('match');
    const m = resolve.one(component, 'match')!;
    const home = resolve.one(resolve.one(m, 'home_squad'), 'team')!;
    expect(t).toContain(text(home, 'name'));
    expect(html).toContain(`<span data-score="home">${m.attributes!.home_score}</span>`);
    expect(html).toContain(`<span data-score="away">${m.attributes!.away_score}</span>`);
    expect(html).toContain(`data-match-id="${m.id}"`);
    // Hooks of the website's live scores: the round, the score's box and the status line.
    expect(html).toContain(`data-round-id="${(m.relationships!.round!.data as { id: string }).id}"`);
    expect(html).toMatch(/<div class="u-big-score" role="group" data-score-box=""/);
    expect(html).toContain('<p class="u-match-state" data-status-text="full">');
    // The goals with the score they made and their scorers, and the line-ups by name.
    const goal = resolve.pointingAt('incidents', 'match', m).find((i) => i.attributes!.incident_type === 'goal')!;
    const scorer = resolve.one(goal, 'player')!;
    expect(t).toMatch(new RegExp(`Gol \\d+:\\d+ [^ ]+ ${text(scorer, 'first_name')} ${text(scorer, 'last_name')}`));
    expect(html).toContain('data-match-centre=""');
    const starter = resolve.pointingAt('lineups', 'match', m).find((l) => l.attributes!.is_starting)!;
    expect(t).toContain(text(resolve.one(starter, 'player'), 'last_name'));
    expect(t).toContain('Wyjściowa jedenastka');
    expect(html).toContain(`<time dateTime="${text(m, 'kickoff_at')}">`);
    // 15:00 at the stadium (Europe/Warsaw) for 13:00 UTC.
    expect(t).toContain(new Intl.DateTimeFormat('pl-PL', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Warsaw' }).format(new Date(text(m, 'kickoff_at'))));
  },
  iframe: () => {
    const { html, component } = draw('iframe');
    expect(html).toContain(`src="${settings(component).url}"`);
    expect(html).toContain(`title="${settings(component).title}"`);
    expect(html).toContain('sandbox=');
  },
  image: () => {
    const { html, component } = draw('image');
    expect(html).toContain(`alt="${settings(component).alt_text}"`);
    expect(html).toContain(`<figcaption>${settings(component).caption}</figcaption>`);
  },
  news: () => {
    const { text: t, component } = draw('news');
    expect(t).toContain(settings(component).title);
    expect(t).toContain('Nie ma jeszcze artykułów do pokazania.');
    const fed = draw('news', { feeds: { [component.id]: articles } }, [FIXTURES['page-aktualnosci.pl']]);
    expect(fed.html).toMatch(/<h3 class="u-card-title"><a href="\/articles\/legia-wygrywa">Legia wygrywa w Gdańsku<\/a><\/h3>/);
    expect(fed.text).toContain('Trzy punkty w doliczonym czasie.');
    expect(fed.html).toContain('<time dateTime="2026-11-20T18:00:00Z">');
    expect(fed.text).toContain('piątek, 20 listopada 2026');
    expect(draw('news', { locale: 'en', feeds: { [component.id]: articles } }).text).toMatch(/Friday,? 20 November 2026/);
  },
  quotation: () => {
    const { html, component } = draw('quotation');
    expect(html).toContain(`<blockquote><p><span>${settings(component).quote}</span></p></blockquote>`);
    expect(html).toContain(`<cite>${settings(component).author}</cite>`);
  },
  text: () => {
    const rich = components.find((c) => c.component.attributes?.kind === 'text' && typeof settings(c.component).body === 'object')!;
    const plain = components.find((c) => c.component.attributes?.kind === 'text' && typeof settings(c.component).body === 'string')!;
    for (const c of [rich, plain]) {
      const ctx = createRenderContext({ locale: 'pl' }, c.doc);
      const html = renderToString(<ComponentView component={c.component} ctx={ctx} />);
      const words = typeof settings(c.component).body === 'string' ? settings(c.component).body : settings(c.component).body.content[0].content[0].text;
      expect(visible(html)).toContain(words.slice(0, 30));
      expect(html).toContain('<div class="u-prose"><p>');
    }
  },
  ott_format: () => {
    const { text: t, resolve, component } = draw('ott_format');
    expect(t).toContain(text(resolve.one(component, 'format'), 'title'));
  },
  ott_format_list: () => {
    const { text: t, resolve, component } = draw('ott_format_list');
    for (const f of resolve.many(component, 'formats')) expect(t).toContain(text(f, 'title'));
  },
  ott_playlist: () => {
    const { text: t, resolve, component } = draw('ott_playlist');
    expect(t).toContain(text(resolve.one(component, 'playlist'), 'title'));
  },
  ott_playlist_list: () => {
    const { text: t, resolve, component } = draw('ott_playlist_list');
    for (const p of resolve.many(component, 'playlists')) expect(t).toContain(text(p, 'title'));
  },
  ott_hero_main: () => {
    const { html, text: t, component } = draw('ott_hero_main');
    expect(t).toContain(settings(component).title);
    expect(html).toContain(`href="${settings(component).link_url}"`);
    expect(t).toContain(settings(component).link_label);
  },
  ott_external_content: () => {
    const { html, component } = draw('ott_external_content');
    expect(html).toContain(`href="${settings(component).url}"`);
    expect(html).toContain(`<h2 class="u-heading">${settings(component).title}</h2>`);
  },
  club_list: () => {
    const { html, text: t, resolve, component } = draw('club_list');
    const clubs = resolve.many(component, 'clubs');
    expect(clubs.length).toBeGreaterThan(10);
    for (const club of clubs) expect(t).toContain(text(club, 'name'));
    expect((html.match(/<img[^>]*class="u-crest"/g) ?? []).length).toBe(clubs.length);
    // A crest beside the club's name says nothing more: empty alt.
    expect(html).toMatch(/<img class="u-crest"[^>]*alt=""/);
  },
  match_list: () => {
    const { text: t, component } = draw('match_list');
    expect(t).toContain(settings(component).title);
    const fed = draw('match_list', { feeds: matchFeed(component.id) });
    const home = matchDay.included!.find((r) => r.type === 'squads' && r.id === (match.relationships!.home_squad!.data as { id: string }).id)!;
    const club = (component.relationships?.club?.data as { id: string } | null)?.id;
    const homeClub = matchDay.included!.find((r) => r.type === 'teams' && r.id === (home.relationships!.team!.data as { id: string }).id)!;
    if (!club || [homeClub.relationships!.club!.data].flat().some((d) => (d as { id: string }).id === club)) expect(fed.text).toContain(text(homeClub, 'name'));
    const all = components.filter((c) => c.component.attributes?.kind === 'match_list').map((c) => c.component).find((c) => !linked(c, 'club').length)!;
    const ctx = createRenderContext({ locale: 'pl', feeds: matchFeed(all.id) }, FIXTURES['page-strona-glowna.pl']);
    const html = renderToString(<ComponentView component={all} ctx={ctx} />);
    if (settings(all).match_list !== 'upcoming' || match.attributes!.status !== 'finished') expect(visible(html)).toContain(text(homeClub, 'name'));
    else expect(visible(html)).toContain('Nie ma meczów do pokazania.');
    // Hooks of the website's live scores on each line: the match, its round, the score (or the kick-off time) and the status.
    const listed = { ...all, attributes: { ...all.attributes, settings: { ...settings(all), match_list: 'all' } } };
    const line = renderToString(<ComponentView component={listed} ctx={ctx} />);
    expect(line).toContain(`data-match-id="${match.id}" data-round-id="${(match.relationships!.round!.data as { id: string }).id}" data-status="${text(match, 'status')}"`);
    expect(line).toMatch(/<span class="u-score" data-score-box=""><span data-score="home">\d+<\/span>.*?<span data-score="away">\d+<\/span><\/span>/);
    expect(line).toContain('<span class="u-match-status" data-status-text="short">');
    const upcoming = { ...match, attributes: { ...match.attributes, status: 'not_started' } };
    const later = createRenderContext({ locale: 'pl', feeds: { [all.id]: { data: [upcoming], included: matchDay.included } } }, FIXTURES['page-strona-glowna.pl']);
    expect(renderToString(<ComponentView component={listed} ctx={later} />)).toContain('<span class="u-score u-score--time" data-score-box="">');
    // Postponed (issue 26): no score, no time (its old kick-off is not when it will be played), and the status named; not an upcoming match once cancelled.
    const postponed = { ...match, attributes: { ...match.attributes, status: 'postponed', home_score: 0, away_score: 0 } };
    const moved = renderToString(<ComponentView component={listed} ctx={createRenderContext({ locale: 'pl', feeds: { [all.id]: { data: [postponed], included: matchDay.included } } }, FIXTURES['page-strona-glowna.pl'])} />);
    expect(moved).toContain('<span class="u-score u-score--time" data-score-box=""><span aria-hidden="true">–</span></span>');
    expect(moved).toContain('<span class="u-match-status" data-status-text="short">Przełożony</span>');
    const cancelled = { ...match, attributes: { ...match.attributes, status: 'cancelled' } };
    const upcomingList = { ...all, attributes: { ...all.attributes, settings: { ...settings(all), match_list: 'upcoming' } } };
    const none = renderToString(<ComponentView component={upcomingList} ctx={createRenderContext({ locale: 'en', feeds: { [all.id]: { data: [cancelled], included: matchDay.included } } }, FIXTURES['page-strona-glowna.pl'])} />);
    expect(none).not.toContain(`data-match-id="${match.id}"`);
    // A club's list (a club's page) with `all`: its next matches, then its results, each under its heading.
    const homeClubId = (homeClub.relationships!.club!.data as { id: string }).id;
    const ofClub = { ...all, relationships: { ...all.relationships, club: { data: { type: 'clubs', id: homeClubId } } }, attributes: { ...all.attributes, settings: { ...settings(all), match_list: 'all', limit: 5 } } };
    const next = { ...match, id: `${match.id}0`, attributes: { ...match.attributes, status: 'not_started', kickoff_at: '2099-01-01T15:00:00Z' } };
    const clubFeed = { [all.id]: { data: [match, next], included: matchDay.included } };
    const split = visible(renderToString(<ComponentView component={ofClub} ctx={createRenderContext({ locale: 'pl', feeds: clubFeed }, FIXTURES['page-strona-glowna.pl'], { data: null, included: [homeClub] })} />));
    expect(split).toMatch(new RegExp(`Najbliższe mecze .*${text(homeClub, 'name')}.* Wyniki .*${text(homeClub, 'name')}`));
    expect(visible(renderToString(<ComponentView component={ofClub} ctx={createRenderContext({ locale: 'en', feeds: clubFeed }, FIXTURES['page-strona-glowna.pl'])} />))).toMatch(/Fixtures .* Results /);
    // Only results: one list, no sub-headings.
    const resultsOnly = { ...ofClub, attributes: { ...ofClub.attributes, settings: { ...settings(ofClub), match_list: 'finished' } } };
    const results = renderToString(<ComponentView component={resultsOnly} ctx={createRenderContext({ locale: 'pl', feeds: clubFeed }, FIXTURES['page-strona-glowna.pl'])} />);
    expect(results).not.toContain('<h3>');
    expect(results).toContain(`data-match-id="${match.id}"`);
    expect(results).not.toContain(`data-match-id="${next.id}"`);
  },
  survey: () => {
    const { html, text: t, resolve, component } = draw('survey');
    const survey = resolve.one(component, 'survey')!;
    expect(t).toContain(text(survey, 'title'));
    expect(html).toContain(`data-survey-id="${survey.id}"`);
    expect(t).toContain('Weź udział');
  },
  product_list: () => {
    const { text: t, resolve, component } = draw('product_list');
    const products = resolve.many(component, 'products');
    for (const p of products) expect(t).toContain(text(p, 'name'));
    expect(t).toContain('399,00 zł');
  },
  events: () => {
    const { html, text: t, resolve, component } = draw('events');
    const events = resolve.many(component, 'events');
    for (const e of events) {
      expect(t).toContain(text(e, 'title'));
      expect(html).toContain(`<time dateTime="${text(e, 'starts_at')}">`);
      // The website's player asks for an event's playback from its card.
      expect(html).toContain(`data-ott-type="ott_events" data-ott-id="${e.id}"`);
      expect(html).toMatch(new RegExp(`data-ott-id="${e.id}"[^>]*data-status="${text(e, 'status')}" data-access="${text(e, 'access')}"`));
    }
    // The English document's texts, in English.
    const en = createRenderContext({ locale: 'en' }, FIXTURES['page-wideo.en']);
    const enComponent = FIXTURES['page-wideo.en'].included!.find((c) => c.id === component.id)!;
    const english = visible(renderToString(<ComponentView component={enComponent} ctx={en} />));
    for (const e of en.resolve.many(enComponent, 'events')) expect(english).toContain(text(e, 'title'));
    expect(english).toContain('Free');
  },
  squad: () => {
    const { html, text: t, resolve, component } = draw('squad');
    const squad = resolve.one(component, 'squad')!;
    const members = resolve.pointingAt('squad_players', 'squad', squad);
    expect(members.length).toBeGreaterThan(10);
    for (const m of members) expect(t).toContain(text(resolve.one(m, 'player'), 'last_name'));
    expect(html).toContain('<h3>Bramkarze</h3>');
    // Each with the shirt number, named for screen readers; no link where the site has no player pages.
    const numbered = members.find((m) => typeof m.attributes!.shirt_number === 'number')!;
    expect(html).toContain(`<span class="u-shirt"><span class="u-visually-hidden">Numer </span>${numbered.attributes!.shirt_number}</span>`);
    expect(html).not.toContain('href="/players/');
    // Where the site has a page per player, each name leads there.
    const linkedSquad = draw('squad', { hrefs: { player: (p) => `/pl/zawodnicy/${p.id}` } });
    const player = resolve.one(numbered, 'player')!;
    expect(linkedSquad.html).toContain(`<a href="/pl/zawodnicy/${player.id}">${text(player, 'first_name')} ${text(player, 'last_name')}</a>`);
    expect((linkedSquad.html.match(/<a href="\/pl\/zawodnicy\//g) ?? []).length).toBe(members.filter((m) => !m.attributes!.left_on).length);
  },
  video: () => {
    const { html, resolve, component } = draw('video', { videoSources: (v) => ({ hls: `/ott/hls/vod/${v.id}/index.m3u8` }) });
    const video = resolve.one(component, 'video')!;
    expect(html).toContain(`data-video-id="${video.id}"`);
    expect(html).toContain(`data-hls-src="/ott/hls/vod/${video.id}/index.m3u8"`);
    expect(html).toMatch(/<video controls="" preload="none"/);
    expect(html).toContain('poster="https://umpire.cdn.test/img/fit-in/1280x0/filters:format(webp)/');
    expect(html).toContain(`aria-label="${settings(component).title}"`);
  },
  page_footer: () => {
    const { html, text: t, component } = draw('page_footer');
    expect(t).toContain(settings(component).copyright);
    expect(html).toContain(`href="${settings(component).link_url}"`);
    expect(t).toContain(settings(component).link_label);
  },
  branding: () => {
    const { html, text: t, component } = draw('branding');
    expect(t).toContain(settings(component).name);
    expect(html).toContain(`--u-primary:${String(settings(component).primary_color).toLowerCase()}`);
    expect(html).toContain('--u-on-primary:#ffffff');
  },
  match_predictor_ranking: () => {
    const { html, resolve, component } = draw('match_predictor_ranking');
    const rows = resolve.pointingAt('match_predictor_standings', 'ranking', resolve.one(component, 'match_predictor_ranking'));
    expect(rows.length).toBe(settings(component).limit);
    for (const r of rows) expect(html).toContain(`<th scope="row">${text(r, 'fan_name')}</th>`);
    expect(html).toContain('<th scope="col">Kibic</th>');
  },
  player: () => {
    const now = new Date('2026-11-29T12:00:00Z');
    const { html, text: t, resolve, component } = draw('player', { now });
    const player = resolve.one(component, 'player')!;
    const name = `${text(player, 'first_name')} ${text(player, 'last_name')}`;
    const photo = resolve.one(player, 'image')!;
    // The page's answer alone (the builder's preview): the photo through the image service, the
    // name as the heading, and the player's own facts.
    expect(html).toContain(`<h2 class="u-heading">${name}</h2>`);
    expect(html).toMatch(new RegExp(`<img class="u-player-photo" src="https://umpire\\.cdn\\.test/img/fit-in/320x0/filters:format\\(webp\\)/${text(photo, 'path')}"[^>]*alt="${text(photo, 'alt_text_pl')}"`));
    expect(t).toContain(`Pozycja ${{ goalkeeper: 'Bramkarz', defender: 'Obrońca', midfielder: 'Pomocnik', forward: 'Napastnik' }[text(player, 'position')]}`);
    expect(t).toContain(`Obywatelstwo ${new Intl.DisplayNames('pl', { type: 'region' }).of(text(player, 'nationality'))}`);
    const birth = text(player, 'birth_date');
    const age = 2026 - Number(birth.slice(0, 4)) - (birth.slice(5) > '11-29' ? 1 : 0);
    expect(html).toContain(`<time dateTime="${birth}">${new Intl.DateTimeFormat('pl-PL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Warsaw' }).format(new Date(`${birth}T12:00:00Z`))}</time> (${age} lat)`);
    expect(t).toContain(`Wzrost ${player.attributes!.height_cm} cm`);
    expect(t).toContain(`Lepsza noga ${{ left: 'Lewa', right: 'Prawa', both: 'Obie' }[text(player, 'preferred_foot')]}`);
    // Nothing it was not given: no club, no statistics, no career.
    expect(html).not.toContain('<dt>Klub</dt>');
    expect(html).not.toContain('<table');

    // With what the website fetched beside the page (feeds.ts): the current club and number, the
    // season statistics and the career, as tables with their captions and headers.
    const feed = FIXTURES['feed-player'];
    const hrefs = { club: (c: ResourceObject) => `/pl/kluby/${c.id}`, table: (cs: ResourceObject) => `/pl/tabele/${cs.id}` };
    const fed = draw('player', { now, feeds: { [component.id]: feed }, hrefs }, [feed]);
    const r = fed.resolve;
    // The membership of the current season's squad.
    const current = r.all('squad_players').find((m) => r.one(r.one(m, 'squad'), 'season')?.attributes?.is_current === true)!;
    const club = r.one(r.one(r.one(current, 'squad'), 'team'), 'club')!;
    expect(fed.html).toContain(`<dt>Numer</dt><dd>${current.attributes!.shirt_number}</dd>`);
    expect(fed.html).toContain(`<dt>Klub</dt><dd><span><a href="/pl/kluby/${club.id}">${text(club, 'name')}</a></span></dd>`);
    const stats = r.all('statistics').filter((s) => r.one(s, 'player')?.id === player.id);
    expect(stats.length).toBeGreaterThan(0);
    expect(fed.html).toContain('<h3>Statystyki w sezonach</h3>');
    expect(fed.html).toContain(`<caption class="u-visually-hidden">Statystyki w sezonach: ${name}</caption>`);
    for (const h of ['Rozgrywki', 'Klub', 'Występy', 'Bramki', 'Asysty']) expect(fed.html).toContain(`<th scope="col">${h}</th>`);
    expect(fed.html).toContain('<abbr title="Żółte kartki">');
    for (const s of stats) {
      const season = r.one(s, 'competition_season')!;
      expect(fed.html).toContain(`<th scope="row"><a href="/pl/tabele/${season.id}">${text(season, 'name')}</a></th>`);
      const a = s.attributes!;
      expect(fed.html).toContain(
        [a.appearances, new Intl.NumberFormat('pl-PL').format(Number(a.minutes_played)), a.goals, a.assists, a.yellow_cards, a.red_cards].map((v) => `<td>${v}</td>`).join(''),
      );
    }
    const careers = r.all('career_clubs').filter((c) => r.one(c, 'player')?.id === player.id);
    expect(careers.length).toBeGreaterThan(1);
    expect(fed.html).toContain('<h3>Kariera</h3>');
    expect(fed.html).toContain(`<caption class="u-visually-hidden">Kariera: ${name}</caption>`);
    // The latest first; a club of the league linked, another by its name; a loan said so.
    const rows = [...fed.html.matchAll(/<table class="u-table u-career">.*?<\/table>/g)][0][0].split('<tr>').slice(2);
    expect(rows).toHaveLength(careers.length);
    const years = rows.map((row) => Number(/<td>(\d{4})/.exec(row)?.[1]));
    expect(years).toEqual([...years].sort((x, y) => y - x));
    for (const c of careers) {
      const linkedClub = r.one(c, 'club');
      const label = linkedClub ? `<a href="/pl/kluby/${linkedClub.id}">${text(linkedClub, 'name')}</a>` : text(c, 'club_name');
      expect(fed.html).toContain(`<th scope="row">${label}${c.attributes!.is_loan ? '<span class="u-meta"> (wypożyczenie)</span>' : ''}</th>`);
      expect(fed.html).toContain(`<td>${c.attributes!.start_year}–${c.attributes!.end_year}</td>`);
    }
    // Headings in order: the name (h2), then its parts (h3).
    expect([...fed.html.matchAll(/<h(\d)/g)].map((m) => m[1])).toEqual(['2', '3', '3']);

    // In English.
    const en = draw('player', { locale: 'en', now, feeds: { [component.id]: feed } }, [feed]);
    for (const words of ['Season statistics', 'Career', 'Date of birth', `(age ${age})`, new Intl.DisplayNames('en', { type: 'region' }).of(text(player, 'nationality'))!]) expect(en.text).toContain(words);
    if (careers.some((c) => c.attributes!.is_loan)) expect(en.html).toContain('<span class="u-meta"> (loan)</span>');

    // A squad left before today is not the player's club any more; one left later still is.
    const left = (on: string): JsonApiDocument => ({ ...feed, included: feed.included!.map((x) => (x.id === current.id && x.type === 'squad_players' ? { ...x, attributes: { ...x.attributes, left_on: on } } : x)) });
    expect(draw('player', { now, hrefs, feeds: { [component.id]: left('2026-10-01') } }, [left('2026-10-01')]).html).not.toContain('<dt>Klub</dt>');
    expect(draw('player', { now, hrefs, feeds: { [component.id]: left('2027-01-31') } }, [left('2027-01-31')]).html).toContain(`<dt>Klub</dt><dd><span><a href="/pl/kluby/${club.id}">`);

    // A biography, its paragraphs as written; a title of the editor's own, the name under it.
    const withBio = { ...player, attributes: { ...player.attributes, biography: 'Wychowanek klubu.\n\nKapitan reprezentacji U-21.' } };
    const titled = { ...component, attributes: { ...component.attributes, settings: { title: 'Zawodnik miesiąca' } } };
    const bio = renderToString(<ComponentView component={titled} ctx={createRenderContext({ locale: 'pl', now }, { data: null, included: [withBio, photo] })} />);
    expect(bio).toContain('<h2 class="u-heading">Zawodnik miesiąca</h2>');
    expect(bio).toContain(`<p class="u-engage-name">${name}</p>`);
    expect(bio).toContain('<h3>Biografia</h3><p>Wychowanek klubu.</p><p>Kapitan reprezentacji U-21.</p>');
  },
  main_menu: () => {
    const { html, text: t } = draw('main_menu');
    expect(html).toMatch(/^<section[^>]*><nav class="u-nav" aria-label="Menu główne" data-menu="">/);
    expect(t).toContain('Strona główna');
    expect(html).toContain('<a class="u-nav-link" href="/aktualnosci">Aktualności</a>');
    expect(html).toContain('<a class="u-nav-link" href="https://www.ekstraklasa.org/">O lidze</a>');
  },
};

describe('each kind drawn from the demo data', () => {
  it('holds every declared kind in the fixtures', () => {
    const present = new Set(components.map((c) => c.component.attributes?.kind));
    expect(COMPONENT_KINDS.filter((k) => !present.has(k))).toEqual([]);
  });

  for (const kind of COMPONENT_KINDS) it(kind, () => CHECKS[kind]());
});

describe('links missing, unknown or malformed', () => {
  const REQUIRED_LINK: Partial<Record<ComponentKind, string>> = {
    club: 'club',
    round: 'round',
    group: 'group',
    quiz: 'quiz',
    match: 'match',
    survey: 'survey',
    squad: 'squad',
    video: 'video',
    image: 'image',
    ott_format: 'format',
    ott_playlist: 'playlist',
    competition_season_statistics: 'competition_season',
    match_predictor_ranking: 'match_predictor_ranking',
    player: 'player',
  };
  const base = (kind: ComponentKind) => components.find((c) => c.component.attributes?.kind === kind)!;
  const variants = (component: ResourceObject): [string, ResourceObject][] => [
    ['without relationships', { ...component, relationships: undefined }],
    [
      'linked to records not included',
      { ...component, relationships: Object.fromEntries(Object.entries(component.relationships ?? {}).map(([n, r]) => [n, { data: Array.isArray(r?.data) ? [{ type: 'clubs', id: '999999' }] : { type: 'images', id: '999999' } }])) },
    ],
    ['with malformed relationships', { ...component, relationships: { match: { data: 'x' as never }, clubs: { data: [null, 5] as never }, images: null as never } }],
    ['with malformed settings', { ...component, attributes: { kind: component.attributes?.kind, settings: 'x' } }],
    ['with no attributes at all', { type: 'components', id: component.id, attributes: { kind: component.attributes?.kind } }],
  ];

  for (const kind of COMPONENT_KINDS)
    it(`${kind} never throws`, () => {
      const error = vi.spyOn(console, 'error');
      const { component, doc } = base(kind);
      for (const [name, variant] of variants(component)) {
        const ctx = createRenderContext({ locale: 'pl' }, { data: null, included: (doc.included ?? []).filter((r) => r.type === 'components') });
        let html = '';
        expect(() => (html = renderToString(<ComponentView component={variant} ctx={ctx} />)), `${kind} ${name}`).not.toThrow();
        if (REQUIRED_LINK[kind] && name !== 'with malformed settings') expect(html, `${kind} ${name}`).toBe('');
        expect(html).not.toContain('undefined');
        expect(html).not.toContain('NaN');
      }
      // Nothing was caught on the way: the renderers cope by themselves.
      expect(error).not.toHaveBeenCalled();
    });

  it('draws nothing for an unknown kind or a component not shown on the web', () => {
    const ctx = createRenderContext({ locale: 'pl' }, FIXTURES['page-strona-glowna.pl']);
    expect(renderToString(<ComponentView component={{ type: 'components', id: '1', attributes: { kind: 'carousel' } }} ctx={ctx} />)).toBe('');
    const mobileOnly = { type: 'components', id: '2', attributes: { kind: 'text', settings: { format: 'plain', body: 'Tylko w aplikacji', platforms: ['mobile'] } } };
    expect(renderToString(<ComponentView component={mobileOnly} ctx={ctx} />)).toBe('');
  });

  it('never writes an unsafe address', () => {
    const ctx = createRenderContext({ locale: 'pl' }, { data: null });
    const html = [
      { kind: 'iframe', settings: { url: 'javascript:alert(1)', title: 'x' } },
      { kind: 'hero_main', settings: { title: 'T', link_type: 'custom_link', link_url: 'javascript:alert(1)', link_label: 'Klik' } },
      { kind: 'social_media', settings: { accounts: [{ network: 'x', url: 'javascript:alert(1)' }] } },
      { kind: 'text', settings: { body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] }] } } },
    ]
      .map((c, i) => renderToString(<ComponentView component={{ type: 'components', id: String(i), attributes: c }} ctx={ctx} />))
      .join('');
    expect(html).not.toContain('javascript:');
  });
});
