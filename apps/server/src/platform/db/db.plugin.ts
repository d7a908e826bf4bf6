import { appWide } from '../plugin';
import { openDatabase, type Database, type DatabaseConnection } from './database';
import { countQuery } from './query-count';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

interface DbPluginOptions {
  databaseUrl?: string;
  databasePoolSize: number;
  dataDir: string;
  /** An already open connection (tests hand in a copy of a migrated template). */
  connection?: DatabaseConnection;
  /** Count each request's SQL statements (`queryCountPlugin` reports them). */
  countQueries?: boolean;
}

/** Opens the database, brings its schema up to date and closes it with the app. */
export const dbPlugin = appWide<DbPluginOptions>('agora-db', async (app, options) => {
  const connection =
    options.connection ??
    (await openDatabase(options, app.log, {
      poolSize: options.databasePoolSize,
      onQuery: options.countQueries ? countQuery : undefined,
    }));
  app.addHook('onClose', () => connection.close());
  await connection.migrate();
  app.decorate('db', connection.db);
});
