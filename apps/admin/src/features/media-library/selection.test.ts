import { describe, expect, it } from 'vitest';
import type { MediaFile } from './media-api';
import { allState, clickSelect, keepListed, movePlan, NO_SELECTION, selectAll } from './selection';

const order = ['1', '2', '3', '4', '5'];
const ids = (selection: { ids: ReadonlySet<string> }) => [...selection.ids].sort();

describe('library selection', () => {
  it('toggles one file per click and remembers it as the anchor', () => {
    const one = clickSelect(NO_SELECTION, order, '2');
    expect(ids(one)).toEqual(['2']);
    expect(one.anchor).toBe('2');
    const two = clickSelect(one, order, '4', { toggle: true });
    expect(ids(two)).toEqual(['2', '4']);
    expect(ids(clickSelect(two, order, '2'))).toEqual(['4']);
  });

  it('selects the range from the anchor with Shift, either way, and adds it with Ctrl+Shift', () => {
    const anchored = clickSelect(NO_SELECTION, order, '2');
    expect(ids(clickSelect(anchored, order, '4', { shift: true }))).toEqual(['2', '3', '4']);
    const back = clickSelect(clickSelect(NO_SELECTION, order, '4'), order, '1', { shift: true });
    expect(ids(back)).toEqual(['1', '2', '3', '4']);
    const withFive = clickSelect(NO_SELECTION, order, '5');
    const anchoredAt2 = { ids: withFive.ids, anchor: '2' };
    expect(ids(clickSelect(anchoredAt2, order, '3', { shift: true }))).toEqual(['2', '3']);
    expect(ids(clickSelect(anchoredAt2, order, '3', { shift: true, toggle: true }))).toEqual(['2', '3', '5']);
    // No anchor yet: Shift acts as a plain click.
    expect(ids(clickSelect(NO_SELECTION, order, '3', { shift: true }))).toEqual(['3']);
  });

  it('selects all listed files or none, and says which', () => {
    expect(ids(selectAll(order, true))).toEqual(order);
    expect(allState(selectAll(order, true), order)).toBe('all');
    expect(allState(clickSelect(NO_SELECTION, order, '1'), order)).toBe('some');
    expect(allState(selectAll(order, false), order)).toBe('none');
  });

  it('forgets files no longer listed', () => {
    const selection = { ids: new Set(['1', '3', '9']), anchor: '9' };
    const kept = keepListed(selection, order);
    expect(ids(kept)).toEqual(['1', '3']);
    expect(kept.anchor).toBeNull();
    const same = { ids: new Set(['1']), anchor: '1' };
    expect(keepListed(same, order)).toBe(same);
  });
});

const file = (id: string, path: string, name: string, kind: MediaFile['kind'] = 'image') => ({ id, path, name, kind }) as MediaFile;

describe('a move plan', () => {
  const crests = file('1', '/', 'crests/', 'folder');
  const season = file('2', '/crests/', '2026/', 'folder');
  const logo = file('3', '/crests/', 'logo.png');
  const photo = file('4', '/', 'photo.jpg');

  it('refuses a folder into itself or below itself', () => {
    expect(movePlan([crests, photo], '/crests/').intoItself).toEqual([crests]);
    expect(movePlan([crests], '/crests/2026/away/').intoItself).toEqual([crests]);
    expect(movePlan([season], '/crests/2026/').intoItself).toEqual([season]);
    // A folder whose name only begins like the target is not inside it.
    expect(movePlan([file('5', '/', 'crest/', 'folder')], '/crests/').intoItself).toEqual([]);
  });

  it('moves what is elsewhere and leaves what is already in the target', () => {
    const plan = movePlan([season, logo, photo], '/crests/');
    expect(plan).toEqual({ intoItself: [], already: [season, logo], moving: [photo] });
    expect(movePlan([season, logo], '/').moving).toEqual([season, logo]);
  });
});
