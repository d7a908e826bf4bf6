import { appWide } from '../plugin';
import { openDatabase, type Database, type DatabaseConnection } from './database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

interface DbPluginOptions {
  databaseUrl?: string;
  dataDir: string;
  /** An already open connection (tests hand in a copy of a migrated template). */
  connection?: DatabaseConnection;
}

/** Opens the database, brings its schema up to date and closes it with the app. */
export const dbPlugin = appWide<DbPluginOptions>('agora-db', async (app, options) => {
  const connection = options.connection ?? (await openDatabase(options, app.log));
  app.addHook('onClose', () => connection.close());
  await connection.migrate();
  app.decorate('db', connection.db);
});
