export { counter, identityId, referenceId, timestampMs, tsvector } from './columns';
export {
  connectPostgres,
  openDatabase,
  type ConnectOptions,
  type Database,
  type DatabaseConnection,
  type Transaction,
} from './database';
export { dbPlugin } from './db.plugin';
export { countQuery, QUERY_COUNT_HEADER, queryCountPlugin } from './query-count';
export {
  decodeColumns,
  statementOnce,
  type BuiltStatement,
  type ColumnsRow,
} from './statement-once';
export { prepareOnce, type PreparableSelect, type PreparedRead } from './prepare-once';
