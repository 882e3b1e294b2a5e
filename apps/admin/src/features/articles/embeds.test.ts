import { describe, expect, it } from 'vitest';
import { availableEmbeds, embedDocument, embedInclude, embedTarget, toEmbedded } from './embeds';

describe('what an article can embed', () => {
  it('follows each kind’s declaration: one image, a gallery of images, a video, a quiz', () => {
    expect(embedTarget('image')).toEqual({ kind: 'image', link: 'image', target: 'images', many: false });
    expect(embedTarget('gallery')).toEqual({ kind: 'gallery', link: 'images', target: 'images', many: true, max: 100 });
    expect(embedTarget('video')).toEqual({ kind: 'video', link: 'video', target: 'videos', many: false });
    expect(embedTarget('quiz')).toMatchObject({ link: 'quiz', target: 'quizzes', many: false });
    expect(embedTarget('match_predictor_ranking')).toMatchObject({ target: 'match_predictor_rankings' });
  });

  it('offers a kind once its target resource exists', () => {
    // Quizzes, surveys and match predictor rankings are registered: every kind is offered.
    expect(availableEmbeds().map((e) => e.kind)).toEqual(['image', 'gallery', 'video', 'quiz', 'survey', 'match_predictor_ranking']);
    expect(availableEmbeds(() => true).map((e) => e.kind)).toEqual(['image', 'gallery', 'video', 'quiz', 'survey', 'match_predictor_ranking']);
    expect(availableEmbeds((t) => t === 'images').map((e) => e.kind)).toEqual(['image', 'gallery']);
  });

  it('makes the component with the picked records in its link', () => {
    expect(embedDocument('7', embedTarget('gallery'), ['3', '1']).data).toEqual({
      type: 'components',
      attributes: { kind: 'gallery', index: 0, settings: {} },
      relationships: { article: { data: { type: 'articles', id: '7' } }, images: { data: [{ type: 'images', id: '3' }, { type: 'images', id: '1' }] } },
    });
    expect(embedDocument('7', embedTarget('video'), ['5']).data.relationships.video).toEqual({ data: { type: 'videos', id: '5' } });
    expect(() => embedDocument('7', embedTarget('gallery'), [])).toThrow();
  });

  it('includes only links whose target exists, and a video’s poster', () => {
    expect(embedInclude()).toBe('image,images,video,quiz,survey,match_predictor_ranking,video.poster');
    expect(embedInclude((t) => t === 'images')).toBe('image,images');
  });
});

describe('an embed’s card', () => {
  const image = (id: string, path: string) => ({ type: 'images', id, attributes: { path } });
  it('shows a gallery’s pictures in its order, with its title and count', () => {
    const card = toEmbedded({
      data: { type: 'components', id: '9', attributes: { kind: 'gallery', settings: { title: 'Derby' } }, relationships: { images: { data: [{ type: 'images', id: '2' }, { type: 'images', id: '1' }] } } },
      included: [image('1', 'a.jpg'), image('2', 'b.jpg')],
    });
    expect(card).toEqual({ id: '9', kind: 'gallery', caption: 'Derby', pictures: ['b.jpg', 'a.jpg'], count: 2 });
  });

  it('shows a video by its poster and name, an image by its picture and caption', () => {
    const video = toEmbedded({
      data: { type: 'components', id: '4', attributes: { kind: 'video', settings: {} }, relationships: { video: { data: { type: 'videos', id: '8' } }, image: { data: null } } },
      included: [{ type: 'videos', id: '8', attributes: { name: 'Skrót meczu' }, relationships: { poster: { data: { type: 'images', id: '3' } } } }, image('3', 'poster.jpg')],
    });
    expect(video).toEqual({ id: '4', kind: 'video', caption: 'Skrót meczu', pictures: ['poster.jpg'], count: 1 });
    const picture = toEmbedded({
      data: { type: 'components', id: '5', attributes: { kind: 'image', settings: { caption: 'Trybuny' } }, relationships: { image: { data: { type: 'images', id: '3' } } } },
      included: [image('3', 'crowd.jpg')],
    });
    expect(picture).toEqual({ id: '5', kind: 'image', caption: 'Trybuny', pictures: ['crowd.jpg'], count: 1 });
  });

  it('shows what it can of a component whose records are gone or unknown', () => {
    expect(toEmbedded({ data: { type: 'components', id: '6', attributes: { kind: 'video', settings: {} } } })).toEqual({ id: '6', kind: 'video', caption: null, pictures: [], count: 0 });
  });
});
