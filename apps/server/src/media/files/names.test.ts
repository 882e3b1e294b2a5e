import { describe, expect, it } from 'vitest';
import { foldersOf, normaliseFileName, normaliseFolderPath, numberedName } from './names';

describe('file names', () => {
  it('keeps ordinary names, in any language', () => {
    expect(normaliseFileName('Herb Legii.png')).toBe('Herb Legii.png');
    expect(normaliseFileName('Łódź – stadion.JPG')).toBe('Łódź – stadion.JPG');
  });

  it('takes only the last part of a path and drops what hides or reverses text', () => {
    expect(normaliseFileName('../../etc/passwd.png')).toBe('passwd.png');
    expect(normaliseFileName('C:\\Users\\me\\crest.png')).toBe('crest.png');
    expect(normaliseFileName('invoice\u202Efdp.exe.png')).toBe('invoicefdp.exe.png');
    expect(normaliseFileName('a\u0000b\u0007c.png')).toBe('abc.png');
    expect(normaliseFileName('zero\u200Bwidth.png')).toBe('zerowidth.png');
  });

  it('changes names that Windows or Unix treat specially', () => {
    expect(normaliseFileName('CON.png')).toBe('_CON.png');
    expect(normaliseFileName('lpt1.tar.png')).toBe('_lpt1.tar.png');
    expect(normaliseFileName('.htaccess.png')).toBe('htaccess.png');
    expect(normaliseFileName('trailing. . ')).toBe('trailing');
    expect(normaliseFileName('a:b*c?.png')).toBe('a_b_c_.png');
  });

  it('leaves nothing of names made only of dots, spaces or controls', () => {
    for (const name of ['', '..', ' . ', '\u202E', '/']) expect(normaliseFileName(name), JSON.stringify(name)).toBeNull();
  });

  it('keeps the extension when a long name is cut', () => {
    const name = normaliseFileName(`${'x'.repeat(400)}.jpeg`)!;
    expect(name).toHaveLength(200);
    expect(name.endsWith('.jpeg')).toBe(true);
  });

  it('numbers a taken name before its extension', () => {
    expect(numberedName('crest.png', 2)).toBe('crest (2).png');
    expect(numberedName('2026/', 3)).toBe('2026 (3)/');
    expect(numberedName('README', 2)).toBe('README (2)');
  });
});

describe('folder paths', () => {
  it('adds the slashes and refuses what would lead elsewhere', () => {
    expect(normaliseFolderPath(undefined)).toBe('/');
    expect(normaliseFolderPath('crests/2026')).toBe('/crests/2026/');
    for (const path of ['/../', '/a/./b/', '/a//b/', '/a/%00/', '/a/\u0000/', '/CON/', '/a\u202E/']) {
      expect(normaliseFolderPath(path), JSON.stringify(path)).toBe(path === '/a/%00/' ? '/a/%00/' : null);
    }
  });

  it('lists the folders of a path outermost first', () => {
    expect(foldersOf('/a/b/')).toEqual([
      { path: '/', name: 'a/' },
      { path: '/a/', name: 'b/' },
    ]);
    expect(foldersOf('/')).toEqual([]);
  });
});
