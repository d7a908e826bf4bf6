export { connectPglite, connectPostgres, type Database, type DatabaseConnection } from './database';
export { dbPlugin } from './db.plugin';
