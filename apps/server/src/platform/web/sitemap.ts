import { desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db';
import { escapeHtml } from './page-head';

/** A kind's table as the sitemap reads it: its objects' ids, creation and last change. */
export type PublishableTable = PgTable & Record<'id' | 'createdAt' | 'updatedAt', PgColumn>;

/** The public objects of one content model, listed in the sitemap at their page. */
export interface SitemapSource {
  model: string;
  table: PublishableTable;
  /** Which rows are public; where a partial index serves the newest, in its own words. */
  published: SQL;
}

/**
 * `status = 'published'`, what the lists of kinds with statuses show: a literal, not a
 * parameter, so the planner matches the partial index.
 */
export const statusPublished = (status: PgColumn): SQL => sql`${status} = 'published'`;

/** The sitemap protocol's limit for one file. */
export const SITEMAP_URLS_MAX = 50_000;

/** Pages anyone can read that are there whatever the content. */
export const SITEMAP_STATIC_PATHS = [
  '/',
  '/discussions',
  '/polls',
  '/quizzes',
  '/albums',
  '/aboutus',
  '/faq',
  '/userguide',
  '/contactus',
];

/** A timestamp as milliseconds since 1970, whichever driver reads it. */
const epochMs = (column: PgColumn) =>
  sql<number>`round(extract(epoch from ${column}) * 1000)::float8`.mapWith(Number);

export interface SitemapObject {
  model: string;
  id: number;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The newest `limit` published objects of all sources, newest first: each source's newest
 * through its partial index on `(created_at, id)` where public, merged here.
 */
export async function newestPublished(
  db: Database,
  sources: SitemapSource[],
  limit: number,
): Promise<SitemapObject[]> {
  const lists = await Promise.all(
    sources.map(async ({ model, table, published }) => {
      const rows = await db
        .select({
          id: sql<number>`${table.id}`.mapWith(Number),
          createdAt: epochMs(table.createdAt),
          updatedAt: epochMs(table.updatedAt),
        })
        .from(table)
        .where(published)
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(limit);
      return rows.map((row) => ({
        model,
        id: row.id,
        createdAt: new Date(row.createdAt),
        updatedAt: new Date(row.updatedAt),
      }));
    }),
  );
  return lists
    .flat()
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, limit);
}

export interface SitemapUrl {
  /** Absolute. */
  loc: string;
  lastmod?: Date;
}

export function sitemapXml(urls: SitemapUrl[]): string {
  const entries = urls.map(({ loc, lastmod }) => {
    const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
    return `<url><loc>${escapeHtml(loc)}</loc>${modified}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
