// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { FEATURES, hydrate, type Feature } from './main';
import { component, football, ref, renderPage } from './test/page';

const fake = (name: string, selector: string, start = vi.fn(async () => undefined)): Feature & { start: typeof start } => ({ name, selector, start });

describe('the browser entry', () => {
  it('starts only the features whose hooks the page has, and lists them on <html>', async () => {
    renderPage({
      components: [component('c1', 'match', { match: ref('matches', '101') }), component('c2', 'quiz', { quiz: ref('quizzes', '5') })],
      included: [...football, { type: 'quizzes', id: '5', attributes: { title: 'Quiz' } }],
    });
    // The real selectors, with fake starts.
    const features = FEATURES.map((f) => fake(f.name, f.selector));
    // A match centre: its live score and its place for the predictor (comments only where the site fetched them).
    expect(await hydrate(document, features)).toEqual(['live-scores', 'quiz', 'match-predictor']);
    expect(features.filter((f) => f.start.mock.calls.length).map((f) => f.name)).toEqual(['live-scores', 'quiz', 'match-predictor']);
    expect(features[0].start).toHaveBeenCalledWith(expect.objectContaining({ client: 'ekstraklasa-demo', locale: 'pl' }), document);
    expect(document.documentElement.dataset.hydrated).toBe('live-scores quiz match-predictor');
  });

  it('leaves the page as the server drew it without a league, and keeps the others when one feature fails', async () => {
    renderPage({ components: [component('c1', 'match', { match: ref('matches', '101') })], included: football, client: '' });
    const live = fake('live-scores', '[data-match-id]');
    expect(await hydrate(document, [live])).toEqual([]);
    expect(live.start).not.toHaveBeenCalled();

    renderPage({ components: [component('c1', 'match', { match: ref('matches', '101') })], included: football });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = fake('live-scores', '[data-match-id]', vi.fn(async () => Promise.reject(new Error('no socket'))));
    const other = fake('other', 'main');
    expect(await hydrate(document, [broken, other])).toEqual(['other']);
    expect(error).toHaveBeenCalledOnce();
  });
});
