import { ConsoleLogger, LogLevel as NestLogLevel } from '@nestjs/common';
import type { LogLevel } from '@companion/platform';

/** Nest's own start-up messages: which modules loaded, and every route mapped. */
const FRAMEWORK_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'WebSocketsController',
  'NestApplication',
]);

const LEVELS: Record<LogLevel, NestLogLevel[]> = {
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  info: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
};

/**
 * The console logger of the API: the application's messages at `LOG_LEVEL`, without Nest's route
 * map and module list (about fifty lines at every start) and without colour codes, unless
 * LOG_LEVEL=debug asks for them.
 */
export class StartLogger extends ConsoleLogger {
  private readonly debugging: boolean;

  constructor(level: LogLevel) {
    super({ logLevels: LEVELS[level], colors: level === 'debug' && process.stdout.isTTY });
    this.debugging = level === 'debug';
  }

  override log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    if (!this.debugging && typeof context === 'string' && FRAMEWORK_CONTEXTS.has(context)) return;
    super.log(message, ...rest);
  }
}
