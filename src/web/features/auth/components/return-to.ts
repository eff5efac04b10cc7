import { isSafeReturnPath } from '../../../../domain/return-path';

/**
 * The page an e-mailed link brings the member back to (?returnTo=/puzzle/12), when it is a
 * page of this site; null otherwise (a link someone tampered with is not followed).
 */
export function returnToFrom(searchParams: URLSearchParams): string | null {
  const value = searchParams.get('returnTo');
  return isSafeReturnPath(value) ? value : null;
}
