export {
  connectPglite,
  connectPostgres,
  type ConnectOptions,
  type Database,
  type DatabaseConnection,
} from './database';
export { dbPlugin } from './db.plugin';
