/**
 * The last line of defence: a promise nobody awaited, or an exception thrown from a callback
 * outside the interaction funnel, is logged (through the logger, which scrubs secrets) and the
 * bot keeps serving every other table instead of the whole process going down.
 */
import type { Logger } from '../kernel/logger.ts';

type Target = Pick<NodeJS.Process, 'on' | 'off'>;

/** Installs the guards; returns a function that removes them (tests, shutdown). */
export function installProcessGuards(logger: Logger, target: Target = process): () => void {
  const onRejection = (reason: unknown): void => {
    logger.error({ err: reason }, 'unhandled promise rejection (kept serving)');
  };
  const onException = (err: Error, origin: string): void => {
    logger.error({ err, origin }, 'uncaught exception (kept serving)');
  };
  target.on('unhandledRejection', onRejection);
  target.on('uncaughtException', onException);
  return () => {
    target.off('unhandledRejection', onRejection);
    target.off('uncaughtException', onException);
  };
}
