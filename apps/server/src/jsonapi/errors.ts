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

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Invalid data',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'Service unavailable',
};

export class ApiError extends Error {
  readonly errors: ErrorObject[];
  constructor(
    readonly status: number,
    key: string,
    detail: string,
    source?: ErrorSource,
    params?: Record<string, unknown>,
  ) {
    super(detail);
    this.errors = [errorObject(status, key, detail, source, params)];
  }

  /** Several errors at once (a body with many invalid fields): the status of the first. */
  static many(errors: ErrorObject[]): ApiError {
    const e = new ApiError(Number(errors[0].status), errors[0].meta.key, errors[0].detail);
    (e as { errors: ErrorObject[] }).errors = errors;
    return e;
  }
}

export function errorObject(
  status: number,
  key: string,
  detail: string,
  source?: ErrorSource,
  params?: Record<string, unknown>,
): ErrorObject {
  return {
    status: String(status),
    code: key,
    title: TITLES[status] ?? 'Error',
    detail,
    ...(source ? { source } : {}),
    meta: params ? { key, params } : { key },
  };
}

export const badParameter = (parameter: string, key: string, detail: string) =>
  new ApiError(400, key, detail, { parameter });
export const notFound = (type: string, id: string) =>
  new ApiError(404, 'notFound', `No ${type} with id ${JSON.stringify(id)}.`);
