// Where a visitor returns after joining or signing in (docs/product/members.md#browsing-before-joining).
// Its own file without Zod: the router checks a path before the first page has loaded any
// schema code.

export const RETURN_TO_MAX = 300;
// A path on this site: one '/' then neither a second '/' nor a backslash (browsers read both
// as the start of another host), and only characters a URL path, query and fragment may hold.
const SITE_PATH = /^\/(?![/\\])[\w\-.~!$&'()*+,;=:@%/?#]*$/;

/**
 * Where to send a visitor once they have joined or signed in ('/puzzle/12'): a path on this
 * site only, never another site ('//evil.example', 'https://…', 'javascript:…'). Checked by
 * the server before it goes into an e-mailed link, and by the page before it follows one.
 */
export function isSafeReturnPath(value: unknown): value is string {
  return typeof value === 'string' && value.length <= RETURN_TO_MAX && SITE_PATH.test(value);
}
