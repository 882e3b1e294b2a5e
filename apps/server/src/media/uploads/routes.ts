import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { registerMultipartRoutes } from './multipart-routes';
import { registerTusRoutes } from './tus-routes';
import { UploadService, type UploadDeps } from './upload-service';

/** Large uploads: tus under /media/v1/uploads/tus, multipart under /api/v3/ott/file_uploads and /media/v1/file_uploads. */
export async function registerUploadRoutes(app: FastifyInstance, deps: UploadDeps): Promise<void> {
  const uploads = new UploadService(deps);
  // Where tus bytes waited on each instance before they moved to storage: no upload resumes from it.
  await rm(join(deps.config.dataDir, 'resumable'), { recursive: true, force: true });
  // Own scopes: the tus content type and header stay with the tus routes.
  await app.register(async (scope) => registerTusRoutes(scope, uploads));
  await app.register(async (scope) => registerMultipartRoutes(scope, uploads));
}
