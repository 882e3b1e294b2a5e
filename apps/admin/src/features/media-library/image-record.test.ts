import { describe, expect, it } from 'vitest';
import { imageAttributes } from './image-record';
import type { MediaFile } from './media-api';

const file = { id: '7', name: 'legia.png', image_path: '2026/11/abc.png', alt_text: null } as MediaFile;
const details = { focus: { x: 0.25, y: 0.4 }, altPl: ' Herb Legii ', altEn: '', credit: 'Fot. Jan' };

describe('the images record the picker makes', () => {
  it('names the library file with its alt texts, focal point and credit', () => {
    expect(imageAttributes(file, details, ['file_id', 'path', 'alt_text_pl'])).toEqual({
      file_id: '7',
      name: 'legia.png',
      alt_text_pl: 'Herb Legii',
      alt_text_en: null,
      focal_x: 0.25,
      focal_y: 0.4,
      credit: 'Fot. Jan',
    });
  });

  it('takes the image path where the server has no library link', () => {
    expect(imageAttributes(file, details, ['path', 'name', 'alt_text'])).toEqual({ path: '2026/11/abc.png', name: 'legia.png', alt_text: 'Herb Legii' });
  });
});
