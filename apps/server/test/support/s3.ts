import { randomUUID } from 'node:crypto';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

/**
 * The S3-compatible server that scripts/test.mjs starts (its settings in UMPIRE_TEST_S3_ENV), or
 * null when a test file runs on its own without it. Under npm test its absence is an error.
 */
export const testS3Env: Record<string, string> | null = process.env.UMPIRE_TEST_S3_ENV ? JSON.parse(process.env.UMPIRE_TEST_S3_ENV) : null;
if (!testS3Env && process.env.UMPIRE_TEST_SUITE) throw new Error('npm test must start the S3-compatible test server (UMPIRE_TEST_S3_ENV)');

/** The storage drivers a suite runs against: local always, S3 when its server runs. */
export const storageDrivers: ('local' | 's3')[] = ['local', ...(testS3Env ? (['s3'] as const) : [])];

/**
 * Server settings for `driver`; on S3 a bucket of its own, so a suite that lists every object
 * (to prove nothing was left behind) sees only its own, whatever other suites run beside it.
 */
export async function storageEnv(driver: 'local' | 's3'): Promise<Record<string, string>> {
  if (driver === 'local' || !testS3Env) return {};
  const bucket = `umpire-${randomUUID().slice(0, 18)}`;
  const client = new S3Client({
    endpoint: testS3Env.S3_ENDPOINT,
    region: testS3Env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: testS3Env.S3_ACCESS_KEY_ID, secretAccessKey: testS3Env.S3_SECRET_ACCESS_KEY },
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
  return { ...testS3Env, STORAGE_DRIVER: 's3', S3_BUCKET: bucket };
}
