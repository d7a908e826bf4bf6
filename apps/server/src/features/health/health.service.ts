import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';

/** Throws when the database does not answer a trivial query. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
