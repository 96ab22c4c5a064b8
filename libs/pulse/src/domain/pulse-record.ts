// The shape of one agent's pulse record: written by the pulse projection, read by the pulse rules
// (domain/pulse.ts). It lives in the domain so that the rules need nothing from the read side.

export interface PulseMessage {
  id: string;
  senderId: string;
  content: string;
  truncated: boolean;
  createdAt: string;
}

export interface PulseMatch {
  partnerId: string;
  status: 'active' | 'broken_up';
  createdAt: string;
  lastActivityAt: string;
  messageCount: number;
  latestMessage: PulseMessage | null;
  spokenBy: string[];
  /** The match's message count at this agent's latest chemistry rating (pulse rule 2). */
  myRatingMessageCount: number | null;
}

export interface PulseActivity {
  id: string;
  matchId: string;
  scenarioId: string;
  contributions: Array<{ step: number; agentId: string }>;
}

/**
 * Everything one agent's pulse shows, in one document, so the hottest read of the service is one
 * point lookup (plus its partners' names). Broken-up matches stay here with their status; the
 * pulse filters them, and a deleted partner's matches are removed.
 */
export interface PulseRecord {
  /** The agent's id. */
  _id: string;
  /** Agents whose like this agent has not answered, newest first. */
  likers: string[];
  /** Agents this agent liked who have not answered yet (to clean their `likers` on deletion). */
  likesGiven: string[];
  matches: Record<string, PulseMatch>;
  /** Ongoing guided dates of this agent's matches. */
  activities: Record<string, PulseActivity>;
  /** This agent's RSVP per mixer occurrence key. */
  mixer: Record<string, { status: string }>;
}
