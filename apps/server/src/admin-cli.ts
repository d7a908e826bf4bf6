import { join } from 'node:path';
import { ConfigError, loadConfig, type Config } from './config';
import { ROLE_LABELS, type MemberRole } from '@agora/shared';
import { recordStaffAction } from './features/moderation';
import { setRole } from './features/users';
import { openDatabase, type DatabaseConnection } from './platform/db';
import { createLogger } from './platform/logging';

/**
 * `npm run admin -- grant <username> moderator|admin` / `revoke <username>`: gives a staff role
 * or makes the member a member again, on the database the server is configured with
 * (DATABASE_URL, else the embedded one in DATA_DIR), migrated first, with an audit entry whose
 * actor is the operator. Exit codes: 0 done, 1 failed, 2 bad usage.
 */

export const ADMIN_USAGE =
  'Usage: npm run admin -- grant <username> moderator|admin | revoke <username>';

export interface AdminIo {
  env: NodeJS.ProcessEnv;
  out(line: string): void;
  err(line: string): void;
  /** Opens the configured database; tests hand in theirs. */
  open?(config: Config): Promise<DatabaseConnection>;
  /** Whether a server answers on the configured port; asked in embedded mode only. */
  serverAnswers?(config: Config): Promise<boolean>;
}

/** The role each command gives, from its words; undefined for bad usage. */
function roleOf(args: string[]): { username: string; role: MemberRole } | undefined {
  const [command, username, role, ...rest] = args;
  if (!username?.trim() || rest.length > 0) return undefined;
  if (command === 'grant' && (role === 'moderator' || role === 'admin')) return { username, role };
  if (command === 'revoke' && role === undefined) return { username, role: 'member' };
  return undefined;
}

const openConfigured = (config: Config) =>
  openDatabase(config, createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel));

async function healthAnswers(config: Config): Promise<boolean> {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  try {
    const response = await fetch(`http://${host}:${config.port}/api/health`, {
      signal: AbortSignal.timeout(1000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

export async function runAdmin(args: string[], io: AdminIo): Promise<number> {
  const wanted = roleOf(args);
  if (!wanted) {
    io.err(ADMIN_USAGE);
    return 2;
  }
  const { username, role } = wanted;

  let config: Config;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(error.message);
    return 1;
  }

  const embeddedFolder = join(config.dataDir, 'db');
  const embedded = !config.databaseUrl;
  // PGlite has no lock between processes: a second one writing the folder would corrupt it.
  if (embedded && (await (io.serverAnswers ?? healthAnswers)(config))) {
    io.err(
      `The Agora server is running on port ${config.port} with the embedded database in ${embeddedFolder}; stop it, run this command, then start it again.`,
    );
    return 1;
  }

  let connection: DatabaseConnection | undefined;
  try {
    connection = await (io.open ?? openConfigured)(config);
    await connection.migrate();
  } catch (error) {
    await connection?.close();
    const reason = error instanceof Error ? error.message : String(error);
    io.err(
      embedded
        ? `Could not open the embedded database in ${embeddedFolder} (${reason}). Only one process can open it at a time: stop the Agora server first.`
        : `Could not open the database at DATABASE_URL (${reason}).`,
    );
    return 1;
  }

  const { db } = connection;
  try {
    const change = await db.transaction(async (tx) => {
      const changed = await setRole(tx, username, role);
      if (changed && changed.before !== role) {
        await recordStaffAction(tx, {
          actorId: null,
          action: 'role_changed',
          memberId: changed.id,
          summary: changed.username,
          details: `${ROLE_LABELS[changed.before]} → ${ROLE_LABELS[role]}`,
          at: new Date(),
        });
      }
      return changed;
    });
    if (!change) {
      io.err(`No member is called "${username}"; check the spelling (case does not matter).`);
      return 1;
    }
    const name = change.username;
    const label = ROLE_LABELS[role].toLowerCase();
    if (role === 'member') {
      io.out(change.before === role ? `${name} was not staff.` : `${name} is no longer staff.`);
    } else {
      io.out(change.before === role ? `${name} is already ${label}.` : `${name} is now ${label}.`);
    }
    return 0;
  } finally {
    await connection.close();
  }
}
