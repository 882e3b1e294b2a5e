import type { StorageConfig } from '../../config';
import { LocalStorage } from './local-storage';
import type { Storage } from './storage';

/** The storage driver the configuration names. */
export function createStorage(config: StorageConfig): Storage {
  switch (config.driver) {
    case 'local':
      return new LocalStorage(config.directory);
  }
}
