import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deepMerge, initI18n, TRANSLATION_FOLDERS, type Translations } from '../lib/i18n';
import { setRuntime, type Runtime } from '../lib/configuration';

const I18N_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../public/assets/i18n');

/** Component tests in English: the app's real English messages, loaded from public/ as the app loads them. */
export async function loadEnglish(): Promise<void> {
  const messages: Translations = {};
  for (const folder of TRANSLATION_FOLDERS) deepMerge(messages, JSON.parse(readFileSync(join(I18N_DIR, folder, 'en.json'), 'utf8')) as Translations);
  await initI18n('en', messages);
  setRuntime({ languages: ['en'], language: 'en' } as Runtime);
}
