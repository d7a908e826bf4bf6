import Fastify from 'fastify';
import pg from 'pg';

/*
 * The ceiling the polls bench compares the server with, measured in the same sitting: a bare
 * Fastify route sending a page of 20 poll posts with their author and options, read by one
 * prepared statement through node-postgres, with the server's pool size. No validation, no
 * auth, no presenter, no response schema: what this machine can do at best for such a page.
 * Run by the bench as a bundled file (bench/polls/dist/), as the server runs.
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

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ ok: true }));
app.get('/reference/polls/', async () => ({ results: (await pool.query(LATEST_POLLS)).rows }));

const close = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', () => void close());
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
