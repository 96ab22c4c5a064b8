export class DeleteAgent {
  constructor(readonly agentId: string) {}
}
