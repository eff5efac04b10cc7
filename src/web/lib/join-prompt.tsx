import { createContext, useContext, type ReactNode } from 'react';

// Browsing before joining (docs/product/members.md#browsing-before-joining): on the public pages a visitor who presses something
// only members can do (Request, Contact Owner, the heart) is asked to join or sign in. The
// router owns the dialogs; the pages ask through this context, so no feature imports another.

/** What the visitor tried to do, finishing 'Join or sign in to …': 'request this puzzle'. */
export type AskToJoin = (action: string) => void;

const JoinPromptContext = createContext<AskToJoin | null>(null);

export function JoinPromptProvider({ ask, children }: { ask: AskToJoin; children: ReactNode }) {
  return <JoinPromptContext.Provider value={ask}>{children}</JoinPromptContext.Provider>;
}

/** Asks a visitor to join or sign in; outside the public pages (nobody to ask) it does nothing. */
export function useAskToJoin(): AskToJoin {
  return useContext(JoinPromptContext) ?? (() => {});
}
