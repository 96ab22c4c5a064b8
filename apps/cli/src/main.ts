import { Command, CommanderError } from 'commander';
import { ConfigError } from '@companion/platform/config';
import { UsageError } from './cli-context';
import { categoriesCommand } from './commands/categories';
import { docsCommand } from './commands/docs';
import { eventCommand } from './commands/event';
import { rebuildCommand } from './commands/rebuild';
import { replayCommand } from './commands/replay';
import { reportsCommand } from './commands/reports';
import { statusCommand } from './commands/status';
import { streamCommand } from './commands/stream';
import { streamsCommand } from './commands/streams';
import { tailCommand } from './commands/tail';

/**
 * The operator CLI (docs/operations.md): one file per command under commands/, parsed by
 * commander. Exit codes: 0 done, 2 a usage mistake or a name that does not exist (commander's own
 * parse errors included), 1 anything else (a store that cannot be reached).
 */
function program(): Command {
  const cli = new Command('npm run cli --')
    .description(
      'companion operator CLI — reads the stores the environment points at\n' +
        '(DATA_DIR for the embedded files, or EVENTSTORE_URL / MONGO_URL).',
    )
    .option('--json', 'print JSON (one object per line for events)')
    .configureHelp({ showGlobalOptions: true })
    .showHelpAfterError('(add --help for usage)')
    // Commander's parse errors are thrown (exit codes below), not exits; subcommands inherit it.
    .exitOverride()
    .addHelpText(
      'after',
      '\nrebuild asks the process that runs the projections (the API in the embedded mode, ' +
        'apps/projector\nwith MongoDB) to rebuild; it switches over without downtime. With ' +
        '--inline the CLI runs the rebuild\nitself: only when no API or projector runs against ' +
        'these stores.',
    );
  for (const add of [
    statusCommand,
    streamsCommand,
    categoriesCommand,
    streamCommand,
    eventCommand,
    tailCommand,
    rebuildCommand,
    replayCommand,
    docsCommand,
    reportsCommand,
  ])
    add(cli);
  return cli;
}

async function run(argv: string[]): Promise<void> {
  const cli = program();
  // No command at all: the usage, as a request for help (commander would answer it as an error).
  if (argv.length === 0) return void cli.outputHelp();
  await cli.parseAsync(argv, { from: 'user' });
}

function exitCode(error: unknown): number {
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
  return error instanceof UsageError || error instanceof ConfigError ? 2 : 1;
}

// A reader that goes away (`… | head`) is not an error: stop quietly, as other command-line tools do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

run(process.argv.slice(2)).catch((error) => {
  // Commander has printed its own message (and the help it was asked for).
  if (!(error instanceof CommanderError))
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(exitCode(error));
});
