import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestOrigin, type Config } from '../config';
import type { Database } from '../db/database';
import { ApiError, apiError } from '../jsonapi/errors';
import { fieldError } from '../jsonapi/messages';
import { SESSION_COOKIE, XSRF_COOKIE } from './authenticate';
import { pickLanguage, signInPage } from './gateway-page';
import { DEVICE_COOKIE_PATH } from './device-cookie';
import { allowedRedirect, SignIn, signInFailure } from './sign-in';
import { revokeToken } from './revocation';

const JSONAPI = 'application/vnd.api+json';

/** The auth API (v1) and the sign-in gateway page. */
export function registerAuthRoutes(app: FastifyInstance, config: Config, database: Database) {
  const secure = (request: FastifyRequest) => request.protocol === 'https';
  const signIn = new SignIn(database, config);

  /** Runs an attempt; on success the browser becomes a known device of the account, on a lock it learns when to retry. */
  async function attempt(request: FastifyRequest, reply: FastifyReply, username: string, password: string) {
    const result = await signIn.attempt({ ip: request.ip, username, password, cookies: request.cookies });
    if (result.ok) {
      const { name, value, maxAgeSeconds } = result.device;
      reply.setCookie(name, value, { path: DEVICE_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: secure(request), maxAge: maxAgeSeconds });
    } else if (result.reason === 'limited') reply.header('retry-after', String(result.retryAfterSeconds));
    return result;
  }

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
    if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return formSignIn(request, reply);
    const body = request.body as { data?: { type?: unknown; attributes?: { username?: unknown; password?: unknown } } } | undefined;
    if (body?.data?.type !== undefined && body.data.type !== 'sign_in')
      throw apiError(409, 'conflict.typeMustBe', { values: { expected: 'sign_in' }, source: { pointer: '/data/type' } });
    const given = { username: body?.data?.attributes?.username, password: body?.data?.attributes?.password };
    const { username, password } = given;
    const isGiven = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 1000;
    if (!isGiven(username) || !isGiven(password))
      throw ApiError.many(
        Object.entries(given)
          .filter(([, v]) => !isGiven(v))
          .map(([field]) => fieldError(`/data/attributes/${field}`, field, 'required')),
      );
    const result = await attempt(request, reply, username, password);
    if (!result.ok) throw new ApiError([signInFailure(result)]);
    reply.type(JSONAPI);
    return { data: { type: 'sign_in', id: result.username, attributes: { token: result.token, username: result.username } } };
  });

  async function formSignIn(request: FastifyRequest, reply: FastifyReply) {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const lang = pickLanguage(request.headers['accept-language'], form.lang);
    const origin = requestOrigin(request, config);
    const target = allowedRedirect(config, origin, form.redirect);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!target) return reply.code(400).send(signInPage({ lang, redirect: '/', message: 'badRedirect' }));
    const result = await attempt(request, reply, String(form.username ?? '').slice(0, 1000), String(form.password ?? '').slice(0, 1000));
    if (!result.ok) {
      const failure = signInFailure(result);
      return reply.code(failure.status).send(signInPage({ lang, redirect: target.toString(), username: form.username, message: failure }));
    }
    const cookie = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: secure(request), maxAge: config.tokenTtlSeconds };
    reply.setCookie(SESSION_COOKIE, result.token, cookie);
    reply.setCookie(XSRF_COOKIE, randomBytes(18).toString('base64url'), { ...cookie, httpOnly: false });
    target.searchParams.set('token', result.token);
    return reply.redirect(target.toString(), 303);
  }

  /** The tokens a sign-out ends: the gateway's cookie and, from an app, the Authorization header. */
  const revokeSession = async (request: FastifyRequest) => {
    const header = request.headers.authorization?.replace(/^Bearer\s+/i, '').trim();
    const cookie = request.cookies?.[SESSION_COOKIE];
    for (const token of new Set([header, cookie])) if (token) await revokeToken(token, config, database);
  };

  app.get('/auth/v1/sign_out', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    await revokeSession(request);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.clearCookie(XSRF_COOKIE, { path: '/' });
    const target = allowedRedirect(config, requestOrigin(request, config), q.redirect);
    return reply.redirect(`/auth/v1/sign_in?redirect=${encodeURIComponent(target?.toString() ?? '/')}`, 303);
  });

  // The same for apps that hold the token themselves (the admin calls it before leaving for the gateway).
  app.post('/auth/v1/sign_out', async (request, reply) => {
    await revokeSession(request);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.clearCookie(XSRF_COOKIE, { path: '/' });
    return reply.code(204).send();
  });
}
