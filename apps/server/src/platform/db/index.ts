export {
  connectPglite,
  connectPostgres,
  createPglite,
  type ConnectOptions,
  type Database,
  type DatabaseConnection,
} from './database';
export { dbPlugin } from './db.plugin';
