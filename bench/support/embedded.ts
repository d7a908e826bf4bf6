import { join } from 'node:path';
import { createPglite } from '../../apps/server/src/platform/db/pglite';

/**
 * Runs statements on the embedded database in `<dataDir>/db` while no server holds it (PGlite
 * has no lock between processes), after a `vacuum analyze` as the PostgreSQL bench does: each
 * statement's first column, as text.
 */
export async function embeddedRows(dataDir: string, statements: string[]): Promise<string[][]> {
  const db = await createPglite({ dataDir: join(dataDir, 'db') });
  try {
    await db.exec('vacuum analyze');
    const results: string[][] = [];
    for (const statement of statements) {
      const { rows } = await db.query<Record<string, unknown>>(statement);
      results.push(rows.map((row) => String(Object.values(row)[0])));
    }
    return results;
  } finally {
    await db.close();
  }
}
