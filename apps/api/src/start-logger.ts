import type { LoggerService } from '@nestjs/common';
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

/**
 * The application's logger without Nest's route map and module list (about fifty lines at every
 * start, which bury the one block that says where the API is), unless LOG_LEVEL=debug or trace
 * asks for them. Everything else goes to the logger as it is (pino, platform/src/logging).
 */
export function withoutStartupChatter(logger: LoggerService, level: LogLevel): LoggerService {
  if (level === 'debug' || level === 'trace') return logger;
  return {
    log: (message: unknown, ...rest: unknown[]) => {
      const context = rest[rest.length - 1];
      if (typeof context === 'string' && FRAMEWORK_CONTEXTS.has(context)) return;
      logger.log(message, ...rest);
    },
    error: (message: unknown, ...rest: unknown[]) => logger.error(message, ...rest),
    warn: (message: unknown, ...rest: unknown[]) => logger.warn(message, ...rest),
    debug: (message: unknown, ...rest: unknown[]) => logger.debug?.(message, ...rest),
    verbose: (message: unknown, ...rest: unknown[]) => logger.verbose?.(message, ...rest),
    fatal: (message: unknown, ...rest: unknown[]) => logger.fatal?.(message, ...rest),
  };
}
