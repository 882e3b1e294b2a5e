import {
  errorDetail,
  errorKeyOf,
  errorTitle,
  negotiateLanguage,
  type ERROR_MESSAGES,
  type ErrorLanguage,
  type ErrorMessageId,
  type ErrorValues,
  type MessageValues,
} from '@umpire/schema';

/** JSON:API error objects. `meta.key` is what the admin translates (`apiErrors.<key>`). */
export interface ErrorSource {
  pointer?: string;
  parameter?: string;
  header?: string;
}

export interface ErrorObject {
  status: string;
  code: string;
  title: string;
  detail: string;
  source?: ErrorSource;
  meta: { key: string; params?: Record<string, unknown> };
}

/**
 * An error before it is put into words: a message of the catalogue and its values. Title and
 * detail are written when the response is sent, in the language the request asked for.
 */
export interface ErrorSpec {
  status: number;
  id: ErrorMessageId;
  values: MessageValues;
  source?: ErrorSource;
  /** `meta.params`, for the admin's own translation of the key. */
  params?: Record<string, unknown>;
}

type ValueNames<Id extends ErrorMessageId> = (typeof ERROR_MESSAGES)[Id]['values'][number];
interface InitBase {
  source?: ErrorSource;
  params?: Record<string, unknown>;
}
export type ErrorInit<Id extends ErrorMessageId> = InitBase &
  ([ValueNames<Id>] extends [never] ? { values?: undefined } : { values: ErrorValues<Id> });
/** The values are required exactly when the message has placeholders. */
export type ErrorInitArgs<Id extends ErrorMessageId> = [ValueNames<Id>] extends [never] ? [init?: ErrorInit<Id>] : [init: ErrorInit<Id>];

export function errorSpec<Id extends ErrorMessageId>(status: number, id: Id, ...[init]: ErrorInitArgs<Id>): ErrorSpec {
  const { values, source, params } = (init ?? {}) as InitBase & { values?: MessageValues };
  return { status, id, values: values ?? {}, ...(source ? { source } : {}), ...(params ? { params } : {}) };
}

export function renderError(spec: ErrorSpec, lang: ErrorLanguage): ErrorObject {
  const key = errorKeyOf(spec.id);
  return {
    status: String(spec.status),
    code: key,
    title: errorTitle(lang, spec.status),
    detail: errorDetail(lang, spec.id, spec.values as ErrorValues<typeof spec.id>),
    ...(spec.source ? { source: spec.source } : {}),
    meta: spec.params ? { key, params: spec.params } : { key },
  };
}

/** The language of a request's error texts (Accept-Language; English otherwise). */
export const errorLanguageOf = (request: { headers: { 'accept-language'?: string } }): ErrorLanguage =>
  negotiateLanguage(request.headers['accept-language']);

export class ApiError extends Error {
  /** Several errors at once (a body with many invalid fields) take the status of the first. */
  constructor(readonly errors: readonly [ErrorSpec, ...ErrorSpec[]]) {
    super(renderError(errors[0], 'en').detail);
  }

  get status(): number {
    return this.errors[0].status;
  }

  static many(errors: readonly ErrorSpec[]): ApiError {
    const [first, ...rest] = errors;
    if (!first) throw new TypeError('ApiError.many needs at least one error');
    return new ApiError([first, ...rest]);
  }
}

export function apiError<Id extends ErrorMessageId>(status: number, id: Id, ...init: ErrorInitArgs<Id>): ApiError {
  return new ApiError([errorSpec(status, id, ...init)]);
}

export function badParameter<Id extends ErrorMessageId>(parameter: string, id: Id, values: ErrorValues<Id>): ApiError {
  return new ApiError([{ status: 400, id, values, source: { parameter } }]);
}

export const notFound = (type: string, id: string) => apiError(404, 'notFound.record', { values: { type, id: JSON.stringify(id) } });
