import type { StorageConfig } from '../config';
import { tracing } from '../telemetry/spans';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';
import { tracedStorage } from './traced-storage';

/** The storage driver the configuration names (with a span per call when tracing). */
export function createStorage(config: StorageConfig): Storage {
  const storage = config.driver === 'local' ? new LocalStorage(config.directory) : new S3Storage(config);
  return tracing ? tracedStorage(storage) : storage;
}
