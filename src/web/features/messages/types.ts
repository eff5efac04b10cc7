// The messaging answers as the client reads them (server: src/server/messages/message-views.ts).

export type PuzzleCondition = string;

export interface ThreadParticipant {
  id: number;
  /** 'First L.' */
  name: string;
}

export interface MessageThread {
  id: number;
  subject: string;
  puzzleListingId: number | null;
  tradeRequestId: number | null;
  participantIds: number[];
  lastMessageAt: string;
  createdAt: string;
  updatedAt: string;
  puzzleTitle: string | null;
  puzzlePieces: number | null;
  puzzleCondition: PuzzleCondition | null;
  puzzleImageUrl: string | null;
  puzzleThumbnailUrl: string | null;
  unreadCount: number;
  /** The last message is under 24 hours old (spec §9). */
  isNew: boolean;
  lastMessage: { content: string; senderId: number | null; isSystemMessage: boolean; createdAt: string } | null;
  otherParticipants: ThreadParticipant[];
  /** The member has written in this thread (the Sent tab). */
  sentByMe: boolean;
}

export interface Message {
  id: number;
  threadId: number;
  senderId: number | null;
  /** 'First L.'; null for a system message. */
  senderName: string | null;
  content: string;
  isSystemMessage: boolean;
  readBy: number[];
  createdAt: string;
}

/** What the Contact dialog needs to know about the listing. */
export interface ContactListing {
  id: number;
  title: string;
  /** The owner's member id. */
  userId: number;
}
