import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';

const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config = readConfig();
const app = buildApp(config);

/**
 * Stop accepting connections, let in-flight requests finish, then close sockets, bus and
 * database (the plugins' onClose hooks). A second signal, or 10 s, ends it the hard way.
 */
function shutdown(signal: NodeJS.Signals): void {
  app.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    app.log.error(`still shutting down after ${SHUTDOWN_GRACE_MS / 1000} s; exiting`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
}

process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.fatal({ err: error }, 'could not start');
  await app.close();
  process.exit(1);
}
