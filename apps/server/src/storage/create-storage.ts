import type { StorageConfig } from '../config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The storage driver the configuration names. */
export function createStorage(config: StorageConfig): Storage {
  switch (config.driver) {
    case 'local':
      return new LocalStorage(config.directory);
    case 's3':
      return new S3Storage(config);
  }
}
