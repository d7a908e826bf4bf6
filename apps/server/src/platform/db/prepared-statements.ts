import type pg from 'pg';

/**
 * Past this many distinct statements, new ones run unprepared: a caller building ever new SQL
 * texts cannot grow the cache on either side without bound.
 */
const MAX_PREPARED = 2000;

/** Only data statements: DDL and multi-command scripts (migrations) cannot be prepared. */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

/** One name per statement text, process-wide, so a name never stands for two texts. */
const names = new Map<string, string>();

/** The query config with a statement name, when it is a data statement worth preparing. */
export function withStatementName(config: unknown): unknown {
  if (typeof config !== 'object' || config === null) return config;
  if (!('text' in config) || typeof config.text !== 'string') return config;
  if ('name' in config && config.name) return config;
  const { text } = config;
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_PREPARED || !DATA_STATEMENT.test(text)) return config;
    name = `agora_${names.size + 1}`;
    names.set(text, name);
  }
  return { ...config, name };
}

/**
 * Makes every connection of the pool prepare each distinct statement once (as postgres.js does
 * by default). The query builder sends unnamed statements, which PostgreSQL parses and plans
 * on every call; for the short queries of a page, planning costs more than running them.
 * Not for a transaction-mode connection pooler, which cannot keep prepared statements.
 */
export function prepareStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const send = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) =>
      send(withStatementName(config), ...rest)) as typeof client.query;
  });
}
