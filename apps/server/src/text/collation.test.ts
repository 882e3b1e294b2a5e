import { describe, expect, it } from 'vitest';
import { FOREIGN_POOLS, POLISH_CLUBS, POLISH_FIRST_NAMES, POLISH_LAST_NAMES } from '../seed/names';
import { collationFor, foldForSearch, isCollationLanguage } from './collation';

/** Sorted by the keys' plain order (what the databases do with the key columns). */
const byKey = (language: string, names: string[]) => {
  const { key } = collationFor(language);
  return [...names].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
};
const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0);

describe('foldForSearch', () => {
  it('drops case and accents in every language and maps letters without a decomposition', () => {
    const cases: [string, string][] = [
      ['Łukasz', 'lukasz'], ['ŁUKASZ', 'lukasz'], ['Łódź', 'lodz'], ['Černý', 'cerny'], ['Šimko', 'simko'], ['Zupančič', 'zupancic'],
      ['Müller', 'muller'], ['Núñez', 'nunez'], ['São Paulo', 'sao paulo'], ['Ávila', 'avila'], ['Muñoz', 'munoz'],
      ['Żurawski', 'zurawski'], ['Ślusarczyk', 'slusarczyk'], ['Straße', 'strasse'], ['STRAẞE', 'strasse'], ['Ødegaard', 'odegaard'],
      ['Đorđević', 'dordevic'], ['Æther', 'aether'], ['Œuvre', 'oeuvre'], ['Þór', 'thor'], ['İstanbul', 'istanbul'], ['Iğdır', 'igdir'],
      ['ﬁnal', 'final'], ['Ｌｅｃｃｅ', 'lecce'], ['  US \t Lecce ', 'us lecce'], ['ΟΔΥΣΣΕΥΣ', 'οδυσσευσ'], ['Жуков', 'жуков'],
    ];
    for (const [text, folded] of cases) expect(foldForSearch(text), text).toBe(folded);
  });

  it('keeps what is not a letter', () => {
    expect(foldForSearch('Bielsko-Biała 1920 (II)')).toBe('bielsko-biala 1920 (ii)');
    expect(foldForSearch('100% _x_')).toBe('100% _x_');
  });
});

describe('collation keys', () => {
  it('sort Polish as Poles read: Ł after L, Ś after S, Ź and Ż after Z, foreign accents next to their letter, case ignored', () => {
    const names = ['Zupančič', 'Żurawski', 'Źródło', 'Zięba', 'Šimko', 'Ślusarczyk', 'Szymański', 'Sobczak', 'Černý', 'Cerny', 'Ćwik', 'Czarnecki',
      'Łukasz', 'Lewandowski', 'Lato', 'Mak', 'lato', 'Udinese Calcio', 'US Lecce', 'Ávila', 'Avila', 'Nowak', 'Núñez', 'Ńowak'];
    // Lato and lato have the same key (the engine then orders by id); accents count only between otherwise equal texts.
    expect(byKey('pl', names)).toEqual(['Avila', 'Ávila', 'Cerny', 'Černý', 'Czarnecki', 'Ćwik', 'Lato', 'lato', 'Lewandowski', 'Łukasz', 'Mak',
      'Nowak', 'Núñez', 'Ńowak', 'Šimko', 'Sobczak', 'Szymański', 'Ślusarczyk', 'Udinese Calcio', 'US Lecce', 'Zięba', 'Zupančič', 'Źródło', 'Żurawski']);
  });

  it('follow each language: Czech Č after C and ch after h, Spanish ñ after n, German ü with u', () => {
    expect(byKey('cs', ['Černý', 'Cyril', 'Chrudim', 'Hora', 'Izba', 'Řezníček', 'Rybář', 'Šimko', 'Sýkora'])).toEqual([
      'Cyril', 'Černý', 'Hora', 'Chrudim', 'Izba', 'Rybář', 'Řezníček', 'Sýkora', 'Šimko']);
    expect(byKey('pl', ['Černý', 'Cyril', 'Chrudim', 'Hora'])).toEqual(['Černý', 'Chrudim', 'Cyril', 'Hora']);
    expect(byKey('es', ['Nuñez', 'Nunez', 'Núñez', 'Nuzzo', 'Muñoz', 'Munoz', 'Muro'])).toEqual(['Munoz', 'Muñoz', 'Muro', 'Nunez', 'Nuñez', 'Núñez', 'Nuzzo']);
    expect(byKey('de', ['Mueller', 'Müller', 'Muller', 'Mülheim', 'Strasse', 'Straße', 'Strauß'])).toEqual([
      'Mueller', 'Mülheim', 'Muller', 'Müller', 'Strasse', 'Straße', 'Strauß']);
  });

  it('put a text before every longer text it begins, and compare as ASCII bytes', () => {
    const { key } = collationFor('pl');
    expect(key('Lewandowski') < key('Lewandowski Robert')).toBe(true);
    expect(key('')).toBe('!');
    expect(key('ŁUKASZ')).toBe(key('łukasz'));
    for (const name of ['Łukasz', 'Núñez', '李四', '😀 Fan', 'Жуков']) expect(key(name)).toMatch(/^[!-o]+$/);
  });

  it('fall back to the root collation for a language ICU does not know', () => {
    expect(isCollationLanguage('pl')).toBe(true);
    expect(isCollationLanguage('not a tag')).toBe(false);
    expect(collationFor('not a tag').language).toBe('en');
    expect(collationFor('pl').stamp).not.toBe(collationFor('cs').stamp);
    expect(collationFor('pl').stamp).toMatch(/^pl:[0-9a-f]{16}$/);
  });

  // Property: over many names, the keys order as Intl.Collator does at accent strength (case ignored).
  const ALPHABETS: Record<string, string> = {
    pl: 'aąbcćdeęfghijklłmnńoóprsśtuwyzźż', cs: 'aábcčdďeéěfghchiíjklmnňoópqrřsštťuúůvwxyýzž', sk: 'aáäbcčdďdzdžeéfghchiíjklĺľmnňoóôpqrŕsštťuúvwxyýzž',
    es: 'aábcdeéfghiíjklmnñoópqrstuúüvwxyz', de: 'aäbcdefghijklmnoöpqrsßtuüvwxyz', hu: 'aábccsddzdzseéfggyhiíjkllymnnyoóöőpqrsszttyuúüűvwxyzzs',
    hr: 'abcčćddžđefghijklljmnnjoprsštuvzž', lt: 'aąbcčdeęėfghiįyjklmnoprsštuųūvzž', sv: 'aåäbcdefghijklmnoöpqrstuvwxyz', en: 'abcdefghijklmnopqrstuvwxyzéèêëàç',
  };
  const pool = [...POLISH_FIRST_NAMES, ...POLISH_LAST_NAMES, ...POLISH_CLUBS, ...Object.values(FOREIGN_POOLS).flatMap((p) => [...p.first, ...p.last, ...p.clubs]),
    'Łukasz', 'Łódź', 'Černý', 'Šimko', 'Zupančič', 'Núñez', 'Ávila', 'Muñoz', 'Ślusarczyk', 'Żurawski', 'Lewandowski', 'US Lecce', 'Udinese Calcio'];
  let seed = 7;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  /** A made-up name in the language's letters, capitalised as names are (or all upper case). */
  const madeUp = (letters: string[]) => {
    const word = () => {
      const w = Array.from({ length: 2 + Math.floor(random() * 7) }, () => pick(letters)).join('');
      return random() < 0.1 ? w.toUpperCase() : w[0].toUpperCase() + w.slice(1);
    };
    return random() < 0.3 ? `${word()}${pick([' ', '-', "'"])}${word()}` : word();
  };

  for (const [language, alphabet] of Object.entries(ALPHABETS))
    it(`order like Intl.Collator('${language}') over 20,000 pairs of names`, () => {
      const { key } = collationFor(language);
      const icu = new Intl.Collator(language, { sensitivity: 'accent' }).compare;
      const letters = [...alphabet];
      const names = [...pool, ...Array.from({ length: 2000 }, () => madeUp(letters))];
      const wrong: string[] = [];
      for (let i = 0; i < 20_000; i++) {
        const a = pick(names);
        const b = random() < 0.3 ? a.slice(0, Math.floor(random() * a.length)) + madeUp(letters).toLowerCase() : pick(names);
        const [ka, kb] = [key(a), key(b)];
        if (sign(ka < kb ? -1 : ka > kb ? 1 : 0) !== sign(icu(a, b))) wrong.push(`${a} / ${b}`);
      }
      expect(wrong.slice(0, 10)).toEqual([]);
    });
});
