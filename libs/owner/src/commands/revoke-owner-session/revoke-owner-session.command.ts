export class RevokeOwnerSession {
  constructor(
    readonly agentId: string,
    readonly sessionHash: string,
  ) {}
}
