import type { Command } from 'commander';
import type { EventStore, RecordedEvent } from '@companion/event-store';
import { AppConfig, loadConfig, openEventStore } from '@companion/platform/config';

/** A mistake in the command line or a name that does not exist: exit code 2, with the reason. */
export class UsageError extends Error {}

/** What every command gets: the configuration, and the event store it points at. */
export interface CliContext {
  config: AppConfig;
  events: EventStore;
  /** `--json`: JSON instead of text (one object per line for events). */
  json: boolean;
}

/**
 * Runs a command's work against the stores the environment points at; the event store is closed
 * after it. `--json` is the program's option, given before or after the command.
 */
export async function withStores(
  command: Command,
  work: (context: CliContext) => Promise<void>,
): Promise<void> {
  const json = command.optsWithGlobals<{ json?: boolean }>().json ?? false;
  const config = loadConfig();
  const events = await openEventStore(config);
  try {
    await work({ config, events, json });
  } finally {
    await events.close();
  }
}

/** An option or argument that must be a non-negative integer (undefined when absent). */
export function integer(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value))
    throw new UsageError(`${name} must be a non-negative integer, got "${value}"`);
  return Number(value);
}

export function printEvent(e: RecordedEvent, json: boolean): void {
  if (json) {
    console.log(JSON.stringify(e));
    return;
  }
  console.log(
    `#${e.position}  ${e.streamName}@${e.revision}  ${e.type}  ${e.metadata.occurredAt ?? e.recordedAt}`,
  );
  console.log(`  data:     ${JSON.stringify(e.data)}`);
  console.log(`  metadata: ${JSON.stringify(e.metadata)}`);
}
