import { paths } from '../../paths';

// /messages deep links (the lead may move these into paths.ts as getHref options).

/** /messages with this conversation open. */
export const threadHref = (threadId: number | string) => `${paths.messages.getHref()}?thread=${threadId}`;
