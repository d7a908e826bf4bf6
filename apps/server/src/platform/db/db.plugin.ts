import { appWide } from '../plugin';
import { openDatabase, type Database, type DatabaseConnection } from './database';
import { countQueriesPerRequest, countQuery } from './query-count';

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
  /** Report each request's SQL statement count in a response header (benchmarks). */
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
  if (options.countQueries) countQueriesPerRequest(app);
  app.addHook('onClose', () => connection.close());
  await connection.migrate();
  app.decorate('db', connection.db);
});
