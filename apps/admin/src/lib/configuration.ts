import type { ClientConfiguration, TokenClaims } from '@umpire/schema/api';
import { assertBaseUrls, relativeIfSameOrigin, type BaseUrls } from './environment';
import { guessLanguage } from './language';

/** What start-up established, for the rest of the app. */
export interface Runtime {
  configuration: ClientConfiguration;
  /** Base addresses from the configuration (same-origin ones made relative). */
  urls: BaseUrls;
  claims: TokenClaims;
  language: string;
  /** Interface languages the client configured and the app has translations for. */
  languages: string[];
}

let runtime: Runtime | undefined;

export function setRuntime(next: Runtime): void {
  runtime = next;
}

export function getRuntime(): Runtime {
  if (!runtime) throw new Error('The app has not started yet');
  return runtime;
}

export const CONFIGURATION_PATH = '/settings/configurations?resource=client&product=umpire';

export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Spec §7: the client configuration, with the token in the authorization header. */
export async function fetchConfiguration(umpireBase: string, token: string, fetchImpl: typeof fetch = fetch): Promise<ClientConfiguration> {
  const url = `${umpireBase}${CONFIGURATION_PATH}`;
  let response: Response;
  try {
    // The interface language is not settled yet: the stored choice words any error of the server.
    const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json, text/plain, */*', 'Accept-Language': guessLanguage() };
    response = await fetchImpl(url, { headers });
  } catch (error) {
    throw new ConfigurationError(`Http failure response for ${url}: 0 Unknown Error (${(error as Error).message})`, 0);
  }
  if (!response.ok) throw new ConfigurationError(`Http failure response for ${url}: ${response.status} ${response.statusText}`, response.status);
  let body: { data?: { attributes?: ClientConfiguration } };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new ConfigurationError('Http failure during parsing', response.status);
  }
  const configuration = body.data?.attributes;
  if (!configuration) throw new ConfigurationError('Http failure during parsing', response.status);
  return configuration;
}

/** The configured base addresses; an empty one stops start-up with the spec's message. */
export function configuredUrls(configuration: ClientConfiguration, fallback: BaseUrls): BaseUrls {
  const pick = (value: string | undefined | null, fallbackValue: string) => (value === undefined || value === null ? fallbackValue : value);
  const urls = {
    umpire: pick(configuration.umpire_api_url, fallback.umpire),
    auth: pick(configuration.auth_api_url, fallback.auth),
    mediaLibrary: pick(configuration.media_library_api_url, fallback.mediaLibrary),
  };
  assertBaseUrls(urls);
  return { umpire: relativeIfSameOrigin(urls.umpire), auth: relativeIfSameOrigin(urls.auth), mediaLibrary: relativeIfSameOrigin(urls.mediaLibrary) };
}
