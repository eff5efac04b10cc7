// Asking someone else's service for JSON (the address lookup, the postcode-to-point service):
// one GET with a timeout, no redirects, a bounded answer. Anything unexpected (an error
// status, a timeout, a body we cannot read) becomes the caller's own "unavailable" error with
// a short reason, never the URL (it may hold a key).

/** The service does not know what was asked (404, or 400: not a postcode to it). */
export const NOT_FOUND = Symbol('not found');

// Far larger than any answer we ask for; a bigger body is not an answer we want.
const MAX_BODY_CHARS = 1_000_000;

export async function fetchProviderJson(
  url: string,
  timeoutMs: number,
  unavailable: (reason: string) => Error,
): Promise<unknown> {
  let text: string;
  let status = 0;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      // A redirect could carry a key to another host: treat it as a failure instead.
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Drain the body so the connection can be reused.
    if (response.status === 404 || response.status === 400) {
      await response.body?.cancel();
      return NOT_FOUND;
    }
    if (!response.ok) {
      status = response.status;
      await response.body?.cancel();
      throw unavailable(`provider answered ${status}`);
    }
    text = await response.text();
  } catch (err) {
    if (status !== 0) throw err;
    // Only the error's name (TimeoutError, TypeError...): fetch errors may quote the URL.
    throw unavailable((err as Error).name === 'TimeoutError' ? 'timed out' : 'network error');
  }
  if (text.length > MAX_BODY_CHARS) throw unavailable('answer too large');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw unavailable('answer is not JSON');
  }
}
