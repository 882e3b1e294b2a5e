import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../../src/config';

/** An instance of `npm run cluster` (scripts/cluster.mjs: plain JavaScript, typed here). */
export interface ClusterInstance {
  name: string;
  url: string;
  process: ChildProcess;
  start(): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Settles when the process ends, with its exit code or signal. */
  exited: Promise<number | string | null>;
}

export interface Cluster {
  url: string;
  databaseUrl: string;
  instances: ClusterInstance[];
  stop(): Promise<void>;
}

/** Starts the cluster as `npm run cluster` does (HAProxy in front, a PostgreSQL and an S3 of its own). */
export async function startTestCluster(options: { instances: number; env: Record<string, string>; instanceEnv(n: number): Record<string, string> }): Promise<Cluster> {
  const { startCluster } = (await import(join(REPO_ROOT, 'scripts/cluster.mjs'))) as { startCluster(o: typeof options): Promise<Cluster> };
  return startCluster(options);
}
