/**
 * Reads start-up begins before the app's code has arrived (the dashboard's figures while the
 * configuration is asked for), so their round trip is off the path to a usable screen. Each is
 * taken once, by the first caller asking for the same URL; a failed one counts as never started
 * and the caller asks normally, through the HTTP client with its retries and pop-ups.
 */
const reads = new Map<string, Promise<unknown>>();

/** `/api/v3/counts` and `http://host/api/v3/counts` are one read. */
const keyOf = (url: string) => new URL(url, globalThis.location?.href ?? 'http://localhost/').href;

export function startEarlyRead(url: string, token: string): void {
  const read = fetch(url, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/vnd.api+json' } }).then((response) =>
    response.ok ? (response.json() as Promise<unknown>) : Promise.reject(new Error(`${response.status} ${response.statusText}`)),
  );
  // Its failure concerns no one: the caller asks again.
  read.catch(() => undefined);
  reads.set(keyOf(url), read);
}

/** The early answer for `url`, once; undefined when none was started or it failed. */
export async function takeEarlyRead<T>(url: string): Promise<T | undefined> {
  const read = reads.get(keyOf(url));
  if (!read) return undefined;
  reads.delete(keyOf(url));
  try {
    return (await read) as T;
  } catch {
    return undefined;
  }
}
