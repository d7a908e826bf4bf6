import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';
import {
  databaseUrl,
  NO_WRITE_LIMITS,
  psql,
  RssSampler,
  startServer,
  type RunningServer,
} from '../support/server';
import { formatCapacity, formatChatTable, percentile, sustained, type LevelResult } from './report';

/**
 * `npm run bench -- chat [--members N --rate R --duration S --levels 1000,2000,5000,10000]
 * [--capacity 1500,2000,3000] [--cpu-prof DIR]` (the server's CPU profile, whole run, written
 * there at its stop):
 * a fresh PostgreSQL database, the real server on it, N members (inserted with one shared
 * password hash, then logged in through the API), one chat socket per member opened in steps
 * (ramp), and at each step pairs of members exchanging messages through the REST send call at
 * R messages/s. Prints delivery latency (send call started → message on the peer's socket)
 * p50/p99, messages/s delivered, sockets connected and the server's VmRSS. `--capacity`
 * then offers each of those rates in turn (each above R), with every socket of the last level
 * still open, until one is not sustained, and prints the highest sustained rate, R's own level
 * included, beside R.
 */

const PASSWORD = 'correct horse battery staple';
/** Sends in flight at most; beyond it a tick's sends are counted as not sent (client saturated). */
const MAX_IN_FLIGHT = 256;
const TICK_MS = 10;

interface Member {
  id: number;
  username: string;
  access: string;
  socket?: WebSocket;
}

interface Sent {
  at: number;
  recipient: number;
}

export async function runChatBench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      members: { type: 'string', default: '10000' },
      rate: { type: 'string', default: '1000' },
      duration: { type: 'string', default: '10' },
      levels: { type: 'string', default: '1000,2000,5000,10000' },
      capacity: { type: 'string' },
      'cpu-prof': { type: 'string' },
    },
  });
  const members = Number(values.members) - (Number(values.members) % 2);
  const rate = Number(values.rate);
  const duration = Number(values.duration);
  const levels = values.levels
    .split(',')
    .map(Number)
    .filter((level) => level > 0 && level <= members);
  const fdLimit = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
  console.log(
    `chat bench: ${members} members, ${rate} msg/s for ${duration} s per level, ulimit -n ${fdLimit}`,
  );

  const serverUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `agora_chat_bench_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl(serverUrl, name);
  const dataDir = await mkdtemp(join(tmpdir(), 'agora-bench-'));
  psql(serverUrl, `create database ${name}`);
  let server: RunningServer | undefined;
  const everyone: Member[] = [];
  try {
    const profile = values['cpu-prof'];
    server = await startServer(
      {
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_MAX: '1000000',
        ...NO_WRITE_LIMITS,
        ACCESS_TOKEN_TTL_SECONDS: '3600',
      },
      undefined,
      profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
    );
    const base = server.url;
    const setupStarted = Date.now();
    everyone.push(...(await createMembers(base, url, members)));
    await pool(everyone, 4, async (member) => {
      member.access = await logIn(base, member.username);
    });
    const pairs: [Member, Member][] = [];
    for (let index = 0; index < everyone.length; index += 2) {
      pairs.push([everyone[index] as Member, everyone[index + 1] as Member]);
    }
    const chatIds = new Map<Member, number>();
    await pool(pairs, 8, async ([a, b]) => {
      const chatId = await post(base, a.access, '/api/chats/chat-list/', {
        member: b.id,
        newmessage: 'Hello',
      });
      chatIds.set(a, chatId);
      chatIds.set(b, chatId);
    });
    console.log(
      `setup: ${members} members logged in, ${pairs.length} chats in ${((Date.now() - setupStarted) / 1000).toFixed(0)} s`,
    );
    // What autovacuum would do after the setup's bulk inserts, before the measurement, not in it.
    psql(url, 'vacuum analyze');

    const sent = new Map<number, Sent>();
    const latencies: number[] = [];
    let delivered = 0;
    const onMessage = (member: Member) => (data: Buffer) => {
      const event = JSON.parse(data.toString()) as {
        type: string;
        user?: number;
        message?: string;
      };
      if (event.type !== 'chat_message' || event.user === member.id) return;
      const sequence = Number(event.message?.slice('bench '.length));
      const record = sent.get(sequence);
      if (!record || record.recipient !== member.id) return;
      sent.delete(sequence);
      latencies.push(performance.now() - record.at);
      delivered += 1;
    };

    const rss = new RssSampler(server.pid);
    let connected = 0;
    /** `offered` messages/s for `duration` among the pairs of the first `level` members. */
    const measure = async (
      level: number,
      offered: number,
      connectSeconds: number,
    ): Promise<LevelResult> => {
      latencies.length = 0;
      delivered = 0;
      sent.clear();
      rss.takeMax();
      const load = await sendAtRate(
        base,
        pairs.slice(0, level / 2),
        chatIds,
        sent,
        offered,
        duration,
      );
      // Deliveries still in flight when the sending stops.
      await sleep(2000);
      return {
        level,
        connected,
        connectSeconds,
        attempted: load.attempted,
        accepted: load.accepted,
        rejected: load.rejected,
        skipped: load.skipped,
        delivered,
        lost: sent.size,
        deliveredPerSecond: delivered / duration,
        ackP50: percentile(load.acknowledged, 50),
        ackP99: percentile(load.acknowledged, 99),
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        rssBytes: rss.takeMax(),
      };
    };
    const results: LevelResult[] = [];
    for (const level of levels) {
      const connectStarted = Date.now();
      const failures = await connectSockets(base, everyone.slice(connected, level), onMessage);
      connected = everyone.filter((member) => member.socket?.readyState === WebSocket.OPEN).length;
      const connectSeconds = (Date.now() - connectStarted) / 1000;
      if (failures > 0) console.log(`level ${level}: ${failures} sockets failed to connect`);

      results.push(await measure(level, rate, connectSeconds));
      if (failures > level * 0.01) break;
    }
    const capacity: LevelResult[] = [];
    for (const offered of values.capacity?.split(',').map(Number) ?? []) {
      const result = await measure(results.at(-1)?.level ?? 0, offered, 0);
      capacity.push(result);
      if (!sustained(result)) break;
    }
    rss.stop();
    console.log(formatChatTable(results, { members, rate, duration, fdLimit }));
    const last = results.at(-1);
    if (capacity.length > 0 && last) {
      // The last level's own rate is the first step.
      console.log(`\n${formatCapacity([last, ...capacity], { rate, duration })}`);
    }
  } finally {
    for (const member of everyone) member.socket?.terminate();
    await server?.stop();
    psql(serverUrl, `drop database if exists ${name} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** One member through the API (for a real password hash), the rest inserted with the same hash. */
async function createMembers(base: string, url: string, count: number): Promise<Member[]> {
  const first = 'bench.chat.0';
  const response = await fetch(`${base}/auth/registration/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: first,
      email: `${first}@example.com`,
      password1: PASSWORD,
      password2: PASSWORD,
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${await response.text()}`);
  psql(
    url,
    `insert into users (username, email, password_hash)
     select 'bench.chat.' || g, 'bench.chat.' || g || '@example.com',
            (select password_hash from users where username = '${first}')
     from generate_series(1, ${count - 1}) g`,
  );
  return psql(
    url,
    `select id || ' ' || username from users where username like 'bench.chat.%' order by id`,
  ).map((line) => {
    const [id = '', username = ''] = line.split(' ');
    return { id: Number(id), username, access: '' };
  });
}

async function logIn(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${await response.text()}`);
  return ((await response.json()) as { access: string }).access;
}

async function post(base: string, access: string, path: string, body: object): Promise<number> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
    body: JSON.stringify(body),
  });
  if (response.status !== 201)
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { chatId: number }).chatId;
}

/** Runs `work` over `items` with at most `width` at a time. */
async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/** Opens the members' chat sockets, 100 at a time, each once its first `total_chat` arrived. */
async function connectSockets(
  base: string,
  members: Member[],
  onMessage: (member: Member) => (data: Buffer) => void,
): Promise<number> {
  let failures = 0;
  const wsBase = base.replace(/^http/, 'ws');
  await pool(members, 100, async (member) => {
    const socket = new WebSocket(`${wsBase}/ws/chats/?token=${member.access}`);
    const ok = await new Promise<boolean>((done) => {
      const timer = setTimeout(() => done(false), 15_000);
      socket.once('message', () => {
        clearTimeout(timer);
        done(true);
      });
      socket.once('error', () => done(false));
      socket.once('close', () => done(false));
    });
    if (!ok) {
      failures += 1;
      socket.terminate();
      return;
    }
    socket.on('message', onMessage(member));
    member.socket = socket;
  });
  return failures;
}

/** Sends `rate` messages a second for `seconds`, each from a random member of a random pair. */
async function sendAtRate(
  base: string,
  pairs: [Member, Member][],
  chatIds: Map<Member, number>,
  sent: Map<number, Sent>,
  rate: number,
  seconds: number,
) {
  const counts = { attempted: 0, accepted: 0, rejected: 0, skipped: 0 };
  /** Time from starting the send call to its 201 (the message is committed by then). */
  const acknowledged: number[] = [];
  let inFlight = 0;
  let sequence = 0;
  const started = performance.now();
  const requests: Promise<void>[] = [];
  // Exactly rate × seconds sends, the last ones at the end of the last tick.
  const total = rate * seconds;
  while (counts.attempted < total) {
    const due =
      Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate)) - counts.attempted;
    for (let index = 0; index < due; index += 1) {
      counts.attempted += 1;
      if (inFlight >= MAX_IN_FLIGHT) {
        counts.skipped += 1;
        continue;
      }
      const pair = pairs[Math.floor(Math.random() * pairs.length)] as [Member, Member];
      const [from, to] = Math.random() < 0.5 ? pair : [pair[1], pair[0]];
      sequence += 1;
      const id = sequence;
      const at = performance.now();
      sent.set(id, { at, recipient: to.id });
      inFlight += 1;
      requests.push(
        fetch(`${base}/api/chats/chat-list/${chatIds.get(from)}/send_messages/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${from.access}` },
          body: JSON.stringify({ newmessage: `bench ${id}` }),
        })
          .then(async (response) => {
            await response.arrayBuffer();
            if (response.status === 201) {
              counts.accepted += 1;
              // Not from `sent`: the socket may have delivered (and removed) it already.
              acknowledged.push(performance.now() - at);
            } else {
              counts.rejected += 1;
              sent.delete(id);
            }
          })
          .catch(() => {
            counts.rejected += 1;
            sent.delete(id);
          })
          .finally(() => {
            inFlight -= 1;
          }),
      );
    }
    await sleep(TICK_MS);
  }
  await Promise.all(requests);
  return { ...counts, acknowledged };
}
