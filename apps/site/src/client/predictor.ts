import { formatsFor, textsFor } from '@umpire/render/texts';
import { ApiProblem, attrNumber, attrText, createApi, includedIndex, problemText, relIds, type Api, type ApiDocument, type ResourceLike } from './api';
import type { SiteConfig } from './config';
import { h, noticeLine, uid } from './dom';
import { fanSession, type FanSession } from './fan';
import { wordsFor, type Words } from './i18n';

/**
 * The match predictor beside its ranking (`[data-kind="match_predictor_ranking"]`, the ranking
 * itself is server-rendered): the next matches that still take predictions
 * (`GET /public/v1/match_predictors/matches`, with the fan's own predictions when the browser has
 * a fan), their sides' names from the delivery API, and per match a small form of two scores that
 * saves a prediction (`POST /public/v1/match_predictors/predictions`, changeable until kick-off).
 *
 * And in a match centre (`[data-hydrate="match-predictor"][data-predict-match]`): the same form for
 * that match while it takes predictions; once it has kicked off, the fan's own prediction and its
 * points (`GET /public/v1/match_predictors/predictions`), asked only when the browser has a fan.
 * Otherwise the place stays hidden.
 */
export interface PredictorDeps {
  api: Api;
  session: FanSession;
}

/** How many of the next matches the form offers. */
export const PREDICTABLE_SHOWN = 10;

function sideName(find: ReturnType<typeof includedIndex>, match: ResourceLike, side: 'home_squad' | 'away_squad', fallback: string): string {
  const squad = find('squads', relIds(match, side)[0]);
  const team = find('teams', relIds(squad, 'team')[0]);
  const club = find('clubs', relIds(team, 'club')[0]);
  return attrText(team, 'name') || attrText(club, 'name') || attrText(squad, 'name') || fallback;
}

export async function hydratePredictor(section: HTMLElement, config: SiteConfig, words: Words, deps: PredictorDeps): Promise<void> {
  if (section.dataset.hydrated) return;
  section.dataset.hydrated = 'true';
  const headingId = uid('predictions');
  const list = h('ul', { class: 'u-predictions-list' });
  const notice = noticeLine();
  // A plain block with its heading (not a named region: two rankings on a page would make two landmarks of one name).
  const panel = h(
    'div',
    { class: 'u-predictions', 'aria-busy': 'true' },
    h('h3', { id: headingId }, words.predictionsTitle),
    h('p', { class: 'u-meta' }, words.predictionsIntro),
    notice.element,
    list,
  );
  section.append(panel);
  notice.show(words.loading);

  let doc: ApiDocument<ResourceLike[]>;
  try {
    doc = await predictableMatches(deps);
  } catch (error) {
    panel.removeAttribute('aria-busy');
    notice.show(problemText(error, words), 'error');
    return;
  }
  const matches = (Array.isArray(doc.data) ? doc.data : []).slice(0, PREDICTABLE_SHOWN);
  if (!matches.length) {
    panel.removeAttribute('aria-busy');
    notice.show(words.noMatchesToPredict);
    return;
  }
  // The fan's own predictions, by match.
  const mine = new Map((doc.included ?? []).filter((r) => r.type === 'match_predictor_predictions').map((p) => [relIds(p, 'match')[0], p]));
  // The sides' names: one read of the delivery API for all the matches.
  let names: ApiDocument<ResourceLike[]> = { data: [] };
  try {
    names = await deps.api.get<ApiDocument<ResourceLike[]>>('/matches', {
      query: { 'filter[id]': matches.map((m) => m.id).join(','), include: 'home_squad.team.club,away_squad.team.club', 'page[size]': String(matches.length) },
    });
  } catch {
    // Without names the sides are "Home" and "Away"; predicting still works.
  }
  const find = includedIndex(names);
  const formats = formatsFor(config.locale);
  const texts = textsFor(config.locale);
  panel.removeAttribute('aria-busy');
  notice.clear();
  for (const match of matches) {
    const sides = { home: sideName(find, match, 'home_squad', texts.home_side), away: sideName(find, match, 'away_squad', texts.away_side), when: formats.dateTime(match.attributes?.kickoff_at) };
    list.append(h('li', {}, predictionForm(match, mine.get(match.id), sides, words, deps)));
  }
}

/** What a prediction's form names: the two sides and, where the page does not say it, when the match is. */
export interface PredictedMatch {
  home: string;
  away: string;
  when?: string;
}

/** A form of two scores that saves the fan's prediction of one match (made or changed until kick-off). */
export function predictionForm(match: ResourceLike, prediction: ResourceLike | undefined, sides: PredictedMatch, words: Words, deps: PredictorDeps): HTMLFormElement {
  const { home, away, when } = sides;
  const homeId = uid('predict-home');
  const awayId = uid('predict-away');
  const input = (inputId: string, value: number | null) =>
    h('input', { id: inputId, type: 'number', inputmode: 'numeric', min: 0, max: 30, step: 1, required: true, value: value ?? '', class: 'u-goals' });
  // The side's name on screen; "Goals: <side>" for screen readers.
  const label = (inputId: string, team: string) => h('label', { for: inputId }, h('span', { class: 'u-visually-hidden' }, words.goalsPrefix), team);
  const homeInput = input(homeId, attrNumber(prediction, 'home_score'));
  const awayInput = input(awayId, attrNumber(prediction, 'away_score'));
  const status = noticeLine();
  const current = h('p', { class: 'u-meta' }, prediction ? words.yourPrediction(`${attrNumber(prediction, 'home_score')}:${attrNumber(prediction, 'away_score')}`) : '');
  const submit = h('button', { type: 'submit', class: 'u-button' }, words.savePrediction);
  const fields = h(
    'fieldset',
    { class: 'u-prediction-fields' },
    h('legend', {}, `${home} – ${away}`, when ? h('span', { class: 'u-meta' }, `, ${when}`) : null),
    h('span', { class: 'u-prediction-score' }, label(homeId, home), homeInput, h('span', { 'aria-hidden': 'true' }, ':'), awayInput, label(awayId, away)),
    submit,
  );
  const form = h('form', { class: 'u-fan-form u-prediction', 'data-prediction-match': match.id, novalidate: true }, fields, current, status.element);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const scores = [homeInput, awayInput].map((i) => (/^\d{1,2}$/.test(i.value.trim()) ? Number(i.value) : NaN));
    const bad = [homeInput, awayInput].filter((_, i) => !(scores[i] >= 0 && scores[i] <= 30));
    for (const i of [homeInput, awayInput]) i.removeAttribute('aria-invalid');
    if (bad.length) {
      for (const i of bad) i.setAttribute('aria-invalid', 'true');
      status.show(words.scoreRange, 'error');
      bad[0].focus();
      return;
    }
    fields.disabled = true;
    status.show(words.sending);
    const body = {
      data: { type: 'match_predictor_predictions', attributes: { home_score: scores[0], away_score: scores[1] }, relationships: { match: { data: { type: 'matches', id: match.id } } } },
    };
    deps.session.run((token) => deps.api.post<ApiDocument<ResourceLike>>('/match_predictors/predictions', body, { token })).then(
      (saved) => {
        fields.disabled = false;
        const score = `${attrNumber(saved.data, 'home_score') ?? scores[0]}:${attrNumber(saved.data, 'away_score') ?? scores[1]}`;
        current.textContent = words.yourPrediction(score);
        status.show(words.predictionSaved(score), 'success');
      },
      (error: unknown) => {
        status.show(problemText(error, words), 'error');
        if (error instanceof ApiProblem && (error.code === 'predictionClosed' || error.code === 'fanBanned')) submit.hidden = true;
        else fields.disabled = false;
      },
    );
  });
  return form;
}

/**
 * The matches open for predictions, with the fan's own when the browser has a fan. A token the
 * server no longer takes: read as a visitor (a new one comes with the first prediction).
 */
async function predictableMatches(deps: PredictorDeps): Promise<ApiDocument<ResourceLike[]>> {
  const fan = deps.session.current();
  return deps.api.get<ApiDocument<ResourceLike[]>>('/match_predictors/matches', { token: fan?.token }).catch((error: unknown) => {
    if (fan && error instanceof ApiProblem && error.status === 401) {
      deps.session.forget();
      return deps.api.get<ApiDocument<ResourceLike[]>>('/match_predictors/matches');
    }
    throw error;
  });
}

/**
 * The predictor of a match centre's match: its form while it takes predictions, else the fan's
 * own prediction of it with its points once settled; nothing (the place stays hidden) for a reader
 * who has not predicted it.
 */
export async function hydrateMatchPredictor(box: HTMLElement, config: SiteConfig, words: Words, deps: PredictorDeps): Promise<void> {
  if (box.dataset.hydrated) return;
  box.dataset.hydrated = 'true';
  const matchId = box.dataset.predictMatch ?? '';
  const card = box.closest<HTMLElement>('[data-match-centre]');
  const texts = textsFor(config.locale);
  const names = [...(card?.querySelectorAll('.u-scoreboard .u-side-name') ?? [])].map((n) => n.textContent?.trim() ?? '');
  const sides: PredictedMatch = { home: names[0] || texts.home_side, away: names[1] || texts.away_side };
  const show = (...children: Node[]) => {
    box.replaceChildren(h('h3', {}, words.predictThisMatch), ...children);
    box.hidden = false;
  };
  try {
    if ((card?.dataset.status ?? 'not_started') === 'not_started') {
      const doc = await predictableMatches(deps);
      const match = (Array.isArray(doc.data) ? doc.data : []).find((m) => m.id === matchId);
      if (match) {
        const mine = (doc.included ?? []).find((p) => p.type === 'match_predictor_predictions' && relIds(p, 'match')[0] === matchId);
        show(h('p', { class: 'u-meta' }, words.predictionOpenUntilKickoff), predictionForm(match, mine, sides, words, deps));
        return;
      }
    }
    // Over or under way: what this reader predicted, if they did (no fan, nothing to ask).
    const fan = deps.session.current();
    if (!fan) return;
    const round = card?.dataset.roundId;
    const doc = await deps.api.get<ApiDocument<ResourceLike[]>>('/match_predictors/predictions', { token: fan.token, query: round ? { 'filter[round]': round } : {} });
    const mine = (Array.isArray(doc.data) ? doc.data : []).find((p) => relIds(p, 'match')[0] === matchId);
    if (!mine) return;
    const points = attrNumber(mine, 'points');
    show(
      h(
        'p',
        { class: 'u-prediction-result' },
        words.yourPrediction(`${attrNumber(mine, 'home_score')}:${attrNumber(mine, 'away_score')}`),
        ' ',
        points !== null && mine.attributes?.settled_at ? words.predictionPoints(points) : words.predictionUnsettled,
      ),
    );
  } catch {
    // An optional part of the page: without the fan API the match centre reads on as drawn.
  }
}

export function hydrateMatchPredictors(config: SiteConfig, root: ParentNode = document, deps?: Partial<PredictorDeps>): Promise<void[]> {
  const words = wordsFor(config.locale);
  const api = deps?.api ?? createApi(config);
  const full: PredictorDeps = { api, session: deps?.session ?? fanSession(config, api) };
  return Promise.all([...root.querySelectorAll<HTMLElement>('[data-hydrate="match-predictor"][data-predict-match]')].map((b) => hydrateMatchPredictor(b, config, words, full)));
}

export function hydratePredictors(config: SiteConfig, root: ParentNode = document, deps?: Partial<PredictorDeps>): Promise<void[]> {
  const words = wordsFor(config.locale);
  const api = deps?.api ?? createApi(config);
  const full: PredictorDeps = { api, session: deps?.session ?? fanSession(config, api) };
  return Promise.all([...root.querySelectorAll<HTMLElement>('[data-kind="match_predictor_ranking"]')].map((s) => hydratePredictor(s, config, words, full)));
}
