import { beforeAll, describe, expect, it } from 'vitest';
import manifest from 'virtual:umpire/resources';
import { activateLocale } from '../../lib/locale';
import { linksOf } from './model';
import { addTarget, pickedTargets, removeTarget, targetNameOf } from './link-targets';

const def = (type: string) => manifest.find((r) => r.type === type);

describe('names of picked records', () => {
  beforeAll(() => activateLocale('pl'));

  it('names OTT formats, playlists and events by their translated title, videos and clubs by their title field', () => {
    expect(targetNameOf(def('formats'))({ id: '1', title: 'Studio ligi' })).toBe('Studio ligi');
    expect(targetNameOf(def('playlists'))({ id: '2', title: 'Weekend' })).toBe('Weekend');
    expect(targetNameOf(def('ott_events'))({ id: '3', title: 'Legia – Lech' })).toBe('Legia – Lech');
    // Two events of one match told apart by their start (shown in the browser's time zone).
    expect(targetNameOf(def('ott_events'))({ id: '3', title: 'Legia – Lech', starts_at: '2026-05-01T18:00:00Z' })).toMatch(/^Legia – Lech \(01\.05\.2026, \d\d:00\)$/);
    expect(targetNameOf(def('videos'))({ id: '4', name: 'Skrót' })).toBe('Skrót');
    expect(targetNameOf(def('clubs'))({ id: '5', name: 'Legia' })).toBe('Legia');
  });

  it('names a match by its sides and kick-off, and a player by the whole name', () => {
    const squad = (club: string) => ({ id: club, name: `${club} (kadra)`, team: { id: club, name: `${club} I`, club: { id: club, name: club } } });
    const match = { id: '155', kickoff_at: '2026-11-29T09:52:00.000Z', home_squad: squad('Legia Warszawa'), away_squad: squad('Widzew Łódź') };
    expect(targetNameOf(def('matches'))(match)).toBe('Legia Warszawa – Widzew Łódź (niedziela, 29.11.2026, 10:52)');
    // Read without its sides (they were not included): as before, by its kick-off.
    expect(targetNameOf(def('matches'))({ id: '155', kickoff_at: match.kickoff_at })).toBe('niedziela, 29.11.2026, 10:52 (#155)');
    expect(targetNameOf(def('players'))({ id: '7', first_name: 'Bartosz', last_name: 'Kapustka' })).toBe('Bartosz Kapustka');
    expect(targetNameOf(def('players'))({ id: '7', first_name: '', last_name: 'Kapustka' })).toBe('Kapustka');
  });

  it('falls back to the id when the title is empty', () => {
    expect(targetNameOf(def('ott_events'))({ id: '3', title: null })).toMatch(/#3/);
    expect(targetNameOf(def('videos'))({ id: '4', name: '  ' })).toBe('#4');
  });

  it('offers the player profile with its player to pick', () => {
    expect(linksOf('player')).toEqual([expect.objectContaining({ name: 'player', target: 'players', many: false, required: true, pickable: true })]);
    expect(def('players')).toBeDefined();
  });

  it('every OTT component kind links records the builder can name', () => {
    for (const kind of ['ott_format', 'ott_format_list', 'ott_playlist', 'ott_playlist_list', 'ott_hero_main', 'events', 'video'])
      for (const link of linksOf(kind)) {
        expect(link.pickable, `${kind}.${link.name}`).toBe(true);
        expect(def(link.target), link.target).toBeDefined();
      }
    expect(linksOf('events').find((l) => l.name === 'events')).toMatchObject({ target: 'ott_events', many: true, max: 24 });
  });
});

describe('picked records', () => {
  it('keeps the order of the ids, waits while loading, and shows a record that no longer exists as missing', () => {
    const records = [{ id: 9, title: 'B' }, { id: '7', title: 'A' }];
    expect(pickedTargets(['7', '8', '9'], records, false).map((p) => p.state)).toEqual(['found', 'loading', 'found']);
    const settled = pickedTargets(['7', '8', '9'], records, true);
    expect(settled.map((p) => [p.id, p.state, p.record?.title])).toEqual([
      ['7', 'found', 'A'],
      ['8', 'missing', undefined],
      ['9', 'found', 'B'],
    ]);
    expect(pickedTargets([], undefined, true)).toEqual([]);
  });

  it('adds a record once, at the end, up to the most allowed, and removes it', () => {
    expect(addTarget(['1', '2'], '3')).toEqual(['1', '2', '3']);
    expect(addTarget(['1', '2'], '1')).toEqual(['1', '2']);
    expect(addTarget(['1', '2'], '3', 2)).toEqual(['1', '2']);
    expect(removeTarget(['1', '2', '3'], '2')).toEqual(['1', '3']);
  });
});
