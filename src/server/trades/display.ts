import { thumbnailUrlFor } from '../uploads/image-store';

// How trades name members and picture puzzles, the same way listings do (issue 5): members
// appear to each other as first name and initial, never by full name, until a trade needs
// the full name on a parcel.

/** 'Margaret H.'; 'Member' when neither name is known. */
export function displayName(firstName: string | null, lastName: string | null): string {
  const first = firstName?.trim() ?? '';
  const initial = lastName?.trim().charAt(0).toUpperCase() ?? '';
  if (!first) return initial ? `${initial}.` : 'Member';
  return initial ? `${first} ${initial}.` : first;
}

export function fullName(firstName: string | null, lastName: string | null): string {
  return [firstName?.trim(), lastName?.trim()].filter(Boolean).join(' ') || 'Member';
}

/** Our uploads have a stored thumbnail beside them; an image from elsewhere stands in for its own. */
export function thumbnailFor(url: string | null): string | null {
  if (!url) return null;
  return /^\/uploads\/[\w-]+\.webp$/.test(url) ? thumbnailUrlFor(url) : url;
}
