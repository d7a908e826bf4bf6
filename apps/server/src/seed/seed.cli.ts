import { join } from 'node:path';
import { pino } from 'pino';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase } from '../platform/db';
import { createStorage } from '../platform/storage';
import { seedBulk } from './bulk.seed';
import { seedDemo } from './demo.seed';
import { parseSeedArgs, UsageError, type Plan } from './seed-args';

/**
 * `npm run seed`: the small demo. `npm run seed -- --members 1000 --discussions 100000
 * --comments 1000000`: bulk data for load tests (a missing size: 1,000 members, 100,000
 * discussions, ten comments per discussion). `--polls 100000 --votes 5000000 --quizzes N` adds
 * poll posts with that many ballots (50 a poll when not given) and quizzes; asking only for
 * polls or quizzes adds no discussions. Opens the database the server would, with the
 * same environment, and applies pending migrations first. Stop the server before seeding its
 * embedded database: PGlite cannot be opened by two processes at once.
 */

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const n = (value: number) => value.toLocaleString('en');

async function main(): Promise<void> {
  let plan: Plan;
  let config: Config;
  try {
    plan = parseSeedArgs(process.argv.slice(2));
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof UsageError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = pino({ level: 'warn' });
  const started = Date.now();
  const connection = await openDatabase(config, log);
  try {
    await connection.migrate();
    const where = config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
    if (!plan.bulk) {
      const storage = await createStorage({
        mediaDir: join(config.dataDir, 'media'),
        publicUrl: config.publicUrl,
        s3: config.s3,
      });
      const result = await seedDemo(connection.db, storage);
      console.error(
        result.created
          ? `Added the demo to ${where}: ${result.members} members, ${result.discussions} discussions, ${result.polls} polls, ${result.quizzes} quizzes, ${result.comments} comments (${seconds(Date.now() - started)}).`
          : `The demo is already in ${where} (members ${result.existing.join(', ')}); nothing changed.`,
      );
      return;
    }
    const size = plan.bulk;
    console.error(
      `Seeding ${where} with ${n(size.members)} members, ${n(size.discussions)} discussions, ${n(size.comments)} comments, ` +
        `${n(size.polls)} polls with ${n(size.votes)} ballots and ${n(size.quizzes)} quizzes…`,
    );
    const result = await seedBulk(connection.db, { ...size, seed: plan.seed });
    const { pollPosts: polls, quizzes } = result;
    console.error(
      `Done in ${seconds(Date.now() - started)}: ${n(result.members)} members, ${n(result.discussions)} discussions, ` +
        `${n(result.comments)} comments (${n(result.replies)} replies), ${n(result.likes)} likes, ` +
        `${n(result.pollVotes)} discussion poll votes; counters checked in SQL, ${n(result.countersCorrected)} corrected. ` +
        `${n(polls.polls)} polls: ${n(polls.ballots)} ballots marking ${n(polls.pollVotes)} options, ${n(polls.likes)} likes, ${n(polls.comments)} comments. ` +
        `${n(quizzes.quizzes)} quizzes: ${n(quizzes.attempts)} attempts, ${n(quizzes.upVotes)} up-votes, ${n(quizzes.likes)} likes, ${n(quizzes.comments)} comments, ${n(quizzes.records)} member records.`,
    );
  } finally {
    await connection.close();
  }
}

await main();
