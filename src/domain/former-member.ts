// Kept apart from members.ts (its schemas need Zod) so that a page drawing a member's name,
// the puzzle page among them, can tell a former member without loading Zod (docs/performance.md).

/**
 * The name a member's posts, feedback, messages and trades keep once they have closed their
 * membership (docs/decisions/0021-contact-privacy-closing.md). Closing erases the name and
 * stores this in its place as the first name (the last name empty), so every display of a
 * name, in TypeScript (memberDisplayName) and in SQL (display-name-sql.ts), shows it with no
 * special case: the same deleted-member display for feedback, messages and the forum.
 */
export const FORMER_MEMBER_NAME = 'A former member';

/**
 * Whether a display name is a closed membership's: such a member has no member page any more,
 * so the name is shown without a link. A member still in the club never shows exactly this:
 * their profile has a last name, so their name ends with its initial ('A former member H.').
 */
export function isFormerMemberName(displayName: string): boolean {
  return displayName === FORMER_MEMBER_NAME;
}
