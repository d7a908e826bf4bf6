import Fastify from 'fastify';
import pg from 'pg';

/*
 * The ceiling the benches compare the server with, measured in the same sitting: bare Fastify
 * routes sending a page of 20 rows read by index with one prepared statement through
 * node-postgres, with the server's pool size — the latest poll posts with their author and
 * options, the latest discussions with their author. No validation, no auth, no presenter, no
 * response schema: what this machine can do at best for such a page. Run by the bench as a
 * bundled file (bench/dist/), as the server runs.
 */

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 4),
});

const LATEST_POLLS = {
  name: 'reference_latest_polls',
  text: `select pp.id, pp.question, pp.description, pp.tag_names as tags, pp.status,
      pp.created_at as "createdAt", pp.likes_count as "likesCount",
      pp.comments_count as "commentsCount", p.type, p.max_choices as "maxChoices", p.results,
      p.voters, p.closes_at as "closesAt", p.voters_count as "votersCount",
      json_build_object('id', u.id, 'username', u.username) as author,
      (select json_agg(json_build_object('id', c.id, 'text', c.text, 'votes', c.votes_count)
          order by c.position)
        from poll_choices c where c.poll_id = p.id) as options
    from poll_posts pp
    join polls p on p.id = pp.id
    join users u on u.id = pp.author_id
    where pp.status = 'published'
    order by pp.created_at desc, pp.id desc
    limit 20`,
};

const LATEST_DISCUSSIONS = {
  name: 'reference_latest_discussions',
  text: `select d.id, d.title, d.content, d.tag_names as tags, d.status,
      d.created_at as "createdAt", d.likes_count as "likesCount",
      d.comments_count as "commentsCount", d.views_count as "viewsCount",
      json_build_object('id', u.id, 'username', u.username) as author
    from discussions d
    join users u on u.id = d.author_id
    where d.status = 'published'
    order by d.created_at desc, d.id desc
    limit 20`,
};

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ ok: true }));
app.get('/reference/polls/', async () => ({ results: (await pool.query(LATEST_POLLS)).rows }));
app.get('/reference/discussions/', async () => ({
  results: (await pool.query(LATEST_DISCUSSIONS)).rows,
}));

const close = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', () => void close());
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
