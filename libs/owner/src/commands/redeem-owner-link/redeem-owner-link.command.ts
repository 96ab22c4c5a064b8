import { Command } from '@nestjs/cqrs';

/** The browser trades a link's secret for a session, once. */
export class RedeemOwnerLink extends Command<RedeemOwnerLinkResult> {
  constructor(
    /** The fragment of the owner URL, as the page sent it (unchecked). */
    readonly secret: string,
    /** The session id of the cookie the browser already holds (which the new one replaces), if any. */
    readonly replacedSessionId: string | null,
  ) {
    super();
  }
}

export interface RedeemOwnerLinkResult {
  /** The only copy of the session id (then in the browser's cookie): the event holds its SHA-256. */
  sessionId: string;
  expiresAt: string;
}
