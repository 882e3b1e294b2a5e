// The staff guide's screenshots: one entry per picture, taken in every locale by
// scripts/docs/screenshots.mjs from the running demo into docs/staff/images/<name>.<locale>.png.
// `npm run docs` fails when a page names a shot that is not listed here (or whose file is missing).
// Entries are plain data plus a `take(page, ctx)` step, so the checker can import this file without
// a browser. e2e/docs-screenshots.e2e.ts runs every `take` against the test server, so a screen
// change that breaks a shot's steps fails the browser tests.
//
// A `take` leaves the page as the picture should show it. It may read the staff API (`ctx.api`) to
// find the demo records it shows, and may type into forms and open dialogs, but never saves: the
// same steps run against the shared test server. `ctx` is made by scripts/docs/shot-context.mjs:
// { locale, baseUrl, token, t(key, params), api(path), open(path, { menu }), settle() }.

/* global window, document, HTMLVideoElement */

export const SHOT_LOCALES = ['pl', 'en'];

const first = (doc) => {
  const [row] = doc.data;
  if (!row) throw new Error('The demo data has no such record');
  return row;
};

/** The demo season's match being played now. */
const liveMatch = async (ctx) => first(await ctx.api('matches?filter[status]=first_half,half_time,second_half&sort=kickoff_at&page[size]=1'));

/** The demo league's table (the one group of its regular season). */
const leagueTable = async (ctx) => first(await ctx.api('groups?filter[name]=Tabela&sort=id&page[size]=1'));

/**
 * Scrolls the page so that an element is at the top of the screen (below the app bar) or in its
 * middle. The app bar hides while the page scrolls down and comes back when it scrolls up, so the
 * page goes a little past the place first and then back up to it.
 */
async function reveal(page, locator, where = 'top') {
  const y = await locator.first().evaluate((el, at) => {
    const box = el.getBoundingClientRect();
    const top = window.scrollY + box.top;
    return Math.max(0, at === 'top' ? top - 72 : top + box.height / 2 - window.innerHeight / 2);
  }, where);
  await page.evaluate((to) => window.scrollTo(0, to + 120), y);
  await page.waitForTimeout(200);
  await page.evaluate((to) => window.scrollTo(0, to), y);
  await page.waitForTimeout(200);
}
const centre = (page, locator) => reveal(page, locator, 'middle');
const toTop = (page, locator) => reveal(page, locator, 'top');

/** @type {{ name: string, title: string, take: (page: import('playwright-core').Page, ctx: import('./shot-context.mjs').ShotContext) => Promise<void> }[]} */
export const SHOTS = [
  {
    name: 'language-picker',
    title: 'The dashboard with the menu open and the language picker unfolded',
    async take(page, ctx) {
      await ctx.open('/', { menu: true });
      await page.getByTestId('language-picker').click();
      await page.getByRole('menuitem', { name: ctx.t('languages.en') }).waitFor();
    },
  },
  {
    name: 'match-centre-timeline',
    title: 'The match centre on a match being played: header, alerts switch, a goal typed on the command line, the timeline',
    async take(page, ctx) {
      const match = await liveMatch(ctx);
      const home = match.relationships.home_squad.data.id;
      const doc = await ctx.api(`lineups?filter[match]=${match.id}&filter[squad]=${home}&filter[is_starting]=true&page[size]=30`);
      const scorer = doc.data.filter((l) => l.attributes.shirt_number !== null && l.attributes.position !== 'GK').at(-1);
      await ctx.open(`/competitions/matches/form/${match.id}`);
      await page.getByTestId('live-indicator').and(page.locator('[data-status="connected"]')).waitFor();
      await page.getByTestId('command-input').fill(`g ${scorer.attributes.shirt_number} 44`);
      await page.getByTestId('command-status').and(page.locator('[data-tone="preview"]')).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  },
  {
    name: 'match-centre-lineups',
    title: "The match centre's line-ups tab: the formation on the pitch and the bench",
    async take(page, ctx) {
      const match = await liveMatch(ctx);
      await ctx.open(`/competitions/matches/form/${match.id}?tab=lineups`);
      await page.getByTestId('lineup-home').waitFor();
      await toTop(page, page.getByTestId('lineup-home'));
    },
  },
  {
    name: 'page-builder',
    title: "The page builder on the home page: the page's fields, its components and the live preview",
    async take(page, ctx) {
      const home = first(await ctx.api('pages?filter[slug]=strona-glowna&page[size]=1'));
      await ctx.open(`/pages/${home.id}`);
      await page.getByTestId('live-preview').getByTestId('preview-frame').waitFor();
      await page.getByTestId('live-preview-status').and(page.locator('[data-updating="false"]')).waitFor();
      await centre(page, page.getByTestId('builder-card'));
      await ctx.settle();
    },
  },
  {
    name: 'article-schedule',
    title: "An article scheduled for the coming days: the Polish and English columns with their publication window",
    async take(page, ctx) {
      const now = Date.now();
      const doc = await ctx.api('articles?filter[status]=published&sort=id&page[size]=100');
      const article = doc.data.find((a) => a.attributes.publish_from && Date.parse(a.attributes.publish_from) > now);
      if (!article) throw new Error('The demo data has no scheduled article');
      await ctx.open(`/articles/${article.id}`);
      await centre(page, page.getByLabel(ctx.t('resources.articles.fields.publish_from')).first());
    },
  },
  {
    name: 'comments-moderation',
    title: 'Comments awaiting moderation, with approve, hide and ban',
    async take(page, ctx) {
      await ctx.open('/comments');
      await page.locator('tbody tr').first().waitFor();
    },
  },
  {
    name: 'media-library',
    title: "The media library: the folder tree and a folder's images",
    async take(page, ctx) {
      await ctx.open(`/files?path=${encodeURIComponent('/herby/')}`);
      await page.getByTestId('media-item').first().waitFor();
      await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    },
  },
  {
    name: 'push-notification-form',
    title: 'A new push notification being written: texts in both languages, recipients, time and what it opens',
    async take(page, ctx) {
      await ctx.open('/push_notifications/create');
      const pl = ctx.locale === 'pl';
      await page.getByLabel(ctx.t('resources.push_notifications.fields.title_pl')).fill('Bilety na finał Pucharu Polski');
      await page.getByLabel(ctx.t('resources.push_notifications.fields.title_en')).fill('Tickets for the Polish Cup final');
      await page.getByLabel(ctx.t('resources.push_notifications.fields.body_pl')).fill('Sprzedaż rusza jutro o 10:00. Najpierw karnety dla kibiców obu finalistów.');
      await page.getByLabel(ctx.t('resources.push_notifications.fields.body_en')).fill('On sale tomorrow at 10:00, season-ticket holders of both finalists first.');
      await page.getByLabel(ctx.t(pl ? 'resources.push_notifications.fields.title_pl' : 'resources.push_notifications.fields.title_en')).focus();
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  },
  {
    name: 'match-alerts-settings',
    title: 'Settings › Match alerts: each kind, what a fan reads, and whether it is sent',
    async take(page, ctx) {
      await ctx.open('/match_alert_templates');
      await page.getByTestId('match-alert-kind').first().waitFor();
    },
  },
  {
    name: 'match-alert-template',
    title: "A match alert's texts being edited, with the fields to put in and the phone preview",
    async take(page, ctx) {
      await ctx.open('/match_alert_templates');
      const kind = ctx.t('resources.match_alert_templates.choices.kind.goal');
      await page.getByRole('link', { name: ctx.t('matchAlerts.editKind', { kind }) }).click();
      await page.getByRole('textbox', { name: ctx.t('resources.match_alert_templates.fields.title_pl') }).waitFor();
      await ctx.settle();
    },
  },
  {
    name: 'ott-event-console',
    title: "A live event's console: output preview, Start / Pause / Stop and the ingest addresses (RTMP, SRT)",
    async take(page, ctx) {
      const doc = await ctx.api('ott/events?filter[status]=pending&sort=id&page[size]=50');
      const event = doc.data.find((e) => e.relationships.stream?.data);
      if (!event) throw new Error('The demo data has no event waiting to go live');
      await ctx.open(`/ott_events/${event.id}/show`);
      await page.getByTestId('ingest-primary').waitFor();
    },
  },
  {
    name: 'ott-vod-event',
    title: 'An on-demand event: its video, the transcoding job and the HLS preview',
    async take(page, ctx) {
      const jobs = await ctx.api('ott/transcoding_jobs?filter[state]=FINISHED&sort=id&page[size]=1');
      const event = jobs.data[0]?.relationships?.event?.data;
      if (!event) throw new Error('The demo data has no finished transcoding job with its event');
      await ctx.open(`/ott_events/${event.id}/show`);
      // The recording's first frame, still: the same picture on every run.
      const video = page.getByTestId('event-preview');
      await page.waitForFunction((el) => el instanceof HTMLVideoElement && el.readyState >= 2, await video.elementHandle());
      await video.evaluate(
        (el) =>
          new Promise((done) => {
            el.pause();
            el.addEventListener('seeked', done, { once: true });
            el.currentTime = 0;
          }),
      );
    },
  },
  {
    name: 'import-dry-run',
    title: "Imports: the sample fixture file checked (dry run), one club's misspelt name matched with a warning",
    async take(page, ctx) {
      const seasons = await ctx.api('competition_seasons?filter[is_current]=true&sort=id&page[size]=50');
      const season = seasons.data.find((s) => s.attributes.name.startsWith('PKO BP Ekstraklasa'));
      if (!season) throw new Error('The demo data has no current Ekstraklasa season');
      const stage = first(await ctx.api(`stages?filter[competition_season]=${season.id}&sort=id&page[size]=1`));
      await ctx.open('/imports');
      await page.getByRole('combobox', { name: ctx.t('importsPage.targets.competition_season') }).click();
      await page.getByRole('option', { name: season.attributes.name, exact: true }).click();
      await page.getByRole('combobox', { name: ctx.t('importsPage.targets.stage') }).click();
      await page.getByRole('option', { name: stage.attributes.name, exact: true }).click();
      await page.getByTestId('imports-file-input').setInputFiles(new URL('../../samples/fixtures-ekstraklasa.csv', import.meta.url).pathname);
      await page.getByRole('button', { name: ctx.t('importsPage.check') }).click();
      await page.getByTestId('imports-totals').waitFor();
      await ctx.settle();
      // The report's own scroll box moves to the row with the warning; the page to the totals.
      await page.getByTestId('imports-warning').first().evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await toTop(page, page.getByTestId('imports-totals'));
    },
  },
  {
    name: 'fixture-generator',
    title: "The fixture generator's preview: the checks and the home/away grid",
    async take(page, ctx) {
      const group = await leagueTable(ctx);
      await ctx.open(`/groups/${group.id}/show?tab=fixtures`);
      const generator = page.getByTestId('fixture-generator');
      await generator.getByRole('button', { name: ctx.t('fixtureGenerator.preview') }).click();
      await page.getByTestId('fixture-plan').waitFor();
      await ctx.settle();
      await toTop(page, page.getByTestId('fixture-plan'));
    },
  },
  {
    name: 'standings',
    title: 'The standings of a group, with the point deduction marked in the table',
    async take(page, ctx) {
      const group = await leagueTable(ctx);
      await ctx.open(`/groups/${group.id}`);
      await page.getByTestId('standings-table').waitFor();
      await centre(page, page.getByTestId('deduction-mark'));
    },
  },
  {
    name: 'quiz-questions',
    title: "A quiz's questions with their answers, the correct ones marked",
    async take(page, ctx) {
      const quiz = first(await ctx.api('quizzes?filter[is_published]=true&sort=id&page[size]=1'));
      await ctx.open(`/quizzes/${quiz.id}`);
      await page.getByRole('tab', { name: ctx.t('quizPage.tabs.questions') }).click();
      await page.getByTestId('quiz-questions').waitFor();
      await ctx.settle();
    },
  },
];

export const shotFile = (name, locale) => `docs/staff/images/${name}.${locale}.png`;
