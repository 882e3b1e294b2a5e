import { readConfig, type SiteConfig } from './config';
import { enhanceMenus } from './menu';
import { registerServiceWorker, watchConnection } from './offline';

/**
 * The website's browser entry (`/site/assets/site.js`, a module script). The page is complete
 * without it: the server rendered everything a reader needs. This file only looks for the hooks
 * the renderers left and loads, each as its own chunk, what the page needs (the main menu's
 * buttons, small and on every page, are in this file itself, as are the fans' app's service
 * worker registration and offline notice, offline.ts): live scores for matches that are not over,
 * HLS for videos (hls.js itself only where the browser has no HLS of its own), the "Watch" button
 * of broadcasts, quizzes, surveys, the match predictor's form (beside its ranking and in a match
 * centre), a match's comments, and the Follow buttons and "My alerts" page (alerts.ts).
 *
 * When every feature the page needs has started, `<html data-hydrated>` lists them (tests wait
 * for it); live scores add `data-live-scores="connected"` once their subscriptions are confirmed.
 */
export interface Feature {
  name: string;
  selector: string;
  start: (config: SiteConfig, root: Document) => Promise<unknown>;
}

export const FEATURES: Feature[] = [
  { name: 'live-scores', selector: '[data-match-id]', start: async (c, root) => (await import('./live-scores')).startLiveScores(c, root) },
  { name: 'video', selector: 'video[data-hls-src]', start: async (c, root) => (await import('./video')).hydrateVideos(c, root) },
  { name: 'ott', selector: '[data-ott-type="ott_events"][data-ott-id]', start: async (c, root) => (await import('./ott-playback')).hydrateOttEvents(c, root) },
  { name: 'quiz', selector: '[data-hydrate="quiz"][data-quiz-id]', start: async (c, root) => (await import('./quiz')).hydrateQuizzes(c, root) },
  { name: 'survey', selector: '[data-hydrate="survey"][data-survey-id]', start: async (c, root) => (await import('./survey')).hydrateSurveys(c, root) },
  { name: 'predictor', selector: '[data-kind="match_predictor_ranking"]', start: async (c, root) => (await import('./predictor')).hydratePredictors(c, root) },
  {
    name: 'match-predictor',
    selector: '[data-hydrate="match-predictor"][data-predict-match]',
    start: async (c, root) => (await import('./predictor')).hydrateMatchPredictors(c, root),
  },
  { name: 'comments', selector: '[data-hydrate="comments"][data-comments-match]', start: async (c, root) => (await import('./comments')).hydrateComments(c, root) },
  { name: 'follow', selector: '[data-follow]', start: async (c, root) => (await import('./alerts')).hydrateFollowButtons(c, root) },
  { name: 'my-alerts', selector: '[data-hydrate="my-alerts"]', start: async (c, root) => (await import('./alerts')).hydrateMyAlerts(c, root) },
];

/** Starts the features whose hooks are on the page; answers the names of those that started. */
export async function hydrate(doc: Document = document, features: Feature[] = FEATURES): Promise<string[]> {
  const config = readConfig(doc);
  // Without a league the API and the channels cannot be asked: the page stays as the server drew it.
  if (!config.client) return [];
  const wanted = features.filter((f) => doc.querySelector(f.selector));
  const started = await Promise.all(
    wanted.map((f) =>
      f.start(config, doc).then(
        () => f.name,
        (error: unknown) => {
          console.error(`umpire/site: ${f.name} could not start`, error);
          return null;
        },
      ),
    ),
  );
  const names = started.filter((n): n is string => n !== null);
  doc.documentElement.dataset.hydrated = names.join(' ');
  return names;
}

/** What every page gets: the main menu's buttons, then the features its hooks ask for. */
function start() {
  enhanceMenus(document);
  watchConnection();
  registerServiceWorker();
  void hydrate();
}

if (typeof document !== 'undefined') {
  // A module script runs after parsing; waiting for "interactive" covers a copy loaded another way.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
