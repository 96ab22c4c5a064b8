import type { OwnerEvent } from '@companion/agents/domain';

/** The event of `type` among those a command decided: the one that carries the command's answer. */
export function decided<T extends OwnerEvent['type']>(
  events: readonly { type: string }[],
  type: T,
): Extract<OwnerEvent, { type: T }> {
  const event = events.find((e) => e.type === type);
  if (!event) throw new Error(`the agent decider did not decide ${type}`);
  return event as Extract<OwnerEvent, { type: T }>;
}
