import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { ApiError, apiError } from '../jsonapi/errors';
import { fieldError } from '../jsonapi/messages';
import { SESSION_COOKIE, XSRF_COOKIE } from './authenticate';
import { pickLanguage, signInPage } from './gateway-page';
import { allowedRedirect, signIn } from './sign-in';

const JSONAPI = 'application/vnd.api+json';

export function requestOrigin(request: FastifyRequest, config: Config): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** The auth API (v1) and the sign-in gateway page. */
export function registerAuthRoutes(app: FastifyInstance, config: Config, database: Database) {
  const secure = (request: FastifyRequest) => request.protocol === 'https';

  app.get('/auth/v1/sign_in', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    const lang = pickLanguage(request.headers['accept-language'], q.lang);
    const origin = requestOrigin(request, config);
    const target = allowedRedirect(config, origin, q.redirect);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!target) return reply.code(400).send(signInPage({ lang, redirect: '/', message: 'badRedirect' }));
    return signInPage({ lang, redirect: target.toString() });
  });

  app.post('/auth/v1/sign_in', async (request, reply) => {
    const ip = request.ip;
    if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return formSignIn(request, reply, ip);
    }
    const body = request.body as { data?: { type?: unknown; attributes?: { username?: unknown; password?: unknown } } } | undefined;
    const errors = [];
    const attrs = body?.data?.attributes;
    if (body?.data?.type !== undefined && body.data.type !== 'sign_in')
      throw apiError(409, 'conflict.typeMustBe', { values: { expected: 'sign_in' }, source: { pointer: '/data/type' } });
    for (const field of ['username', 'password'] as const) {
      const v = attrs?.[field];
      if (typeof v !== 'string' || v.length === 0 || v.length > 1000)
        errors.push(fieldError(`/data/attributes/${field}`, field, 'required'));
    }
    if (errors.length) throw ApiError.many(errors);
    const result = await signIn(database, config, ip, attrs!.username as string, attrs!.password as string);
    if (!result.ok) {
      if (result.reason === 'limited') {
        reply.header('retry-after', '60');
        throw apiError(429, 'tooManyRequests.signInMinutes', { values: { minutes: 1 } });
      }
      throw apiError(401, 'invalidCredentials');
    }
    reply.type(JSONAPI);
    return { data: { type: 'sign_in', id: result.username, attributes: { token: result.token, username: result.username } } };
  });

  async function formSignIn(request: FastifyRequest, reply: FastifyReply, ip: string) {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const lang = pickLanguage(request.headers['accept-language'], form.lang);
    const origin = requestOrigin(request, config);
    const target = allowedRedirect(config, origin, form.redirect);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!target) return reply.code(400).send(signInPage({ lang, redirect: '/', message: 'badRedirect' }));
    const result = await signIn(database, config, ip, String(form.username ?? '').slice(0, 1000), String(form.password ?? '').slice(0, 1000));
    if (!result.ok) {
      if (result.reason === 'limited') reply.header('retry-after', '60');
      return reply
        .code(result.reason === 'limited' ? 429 : 401)
        .send(signInPage({ lang, redirect: target.toString(), username: form.username, message: result.reason }));
    }
    const cookie = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: secure(request), maxAge: config.tokenTtlSeconds };
    reply.setCookie(SESSION_COOKIE, result.token, cookie);
    reply.setCookie(XSRF_COOKIE, randomBytes(18).toString('base64url'), { ...cookie, httpOnly: false });
    target.searchParams.set('token', result.token);
    return reply.redirect(target.toString(), 303);
  }

  app.get('/auth/v1/sign_out', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.clearCookie(XSRF_COOKIE, { path: '/' });
    const target = allowedRedirect(config, requestOrigin(request, config), q.redirect);
    return reply.redirect(`/auth/v1/sign_in?redirect=${encodeURIComponent(target?.toString() ?? '/')}`, 303);
  });
}
