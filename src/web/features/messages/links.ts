import { paths } from '../../paths';

// /messages deep links (the lead may move these into paths.ts as getHref options).

/** /messages with this conversation open. */
export const threadHref = (threadId: number | string) => `${paths.messages.getHref()}?thread=${threadId}`;

/** /messages with the Contact dialog open for this listing (for a puzzle page's Contact Owner link). */
export const contactOwnerHref = (listingId: number | string) => `${paths.messages.getHref()}?contact=${listingId}`;
