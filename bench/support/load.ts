import autocannon from 'autocannon';

/** One load scenario: what each request sends. Functions are called per request. */
export interface Scenario {
  name: string;
  connections: number;
  method?: 'GET' | 'POST';
  path: () => string;
  headers?: () => Record<string, string>;
  body?: () => string;
  /** A list whose query count must not grow with `limit`. */
  pageSized?: boolean;
  /** A probe deciding whether the server offers this scenario at all. */
  available?: { path: string; when: (status: number, body: string) => boolean };
}

export interface Answer {
  status: number;
  body: string;
  queries: string | null;
}

/** One request of the scenario, as autocannon would send it. */
export async function send(base: string, scenario: Scenario, path: string): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method: scenario.method ?? 'GET',
    headers: scenario.headers?.(),
    body: scenario.body?.(),
  });
  return {
    status: response.status,
    body: await response.text(),
    queries: response.headers.get('x-query-count'),
  };
}

export async function isAvailable(base: string, scenario: Scenario): Promise<boolean> {
  if (!scenario.available) return true;
  const answer = await send(base, scenario, scenario.available.path);
  return scenario.available.when(answer.status, answer.body);
}

/**
 * SQL statements per request over a few requests (the server's X-Query-Count header, on with
 * QUERY_COUNT_HEADER), and at the largest page size for lists.
 */
export async function countQueries(base: string, scenario: Scenario): Promise<string> {
  const counts = new Set<string>();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const probe = await send(base, scenario, scenario.path());
    if (probe.status >= 400) return `— (${probe.status})`;
    counts.add(probe.queries ?? '?');
  }
  const seen = [...counts].join('–');
  if (!scenario.pageSized) return seen;
  const path = scenario.path();
  const wide = await send(base, scenario, `${path}${path.includes('?') ? '&' : '?'}limit=100`);
  return `${seen} (${wide.queries ?? '?'} at limit=100)`;
}

export function load(
  base: string,
  scenario: Scenario,
  seconds: number,
): Promise<autocannon.Result> {
  return autocannon({
    url: base,
    connections: scenario.connections,
    duration: seconds,
    requests: [
      {
        method: scenario.method ?? 'GET',
        setupRequest: (request) => ({
          ...request,
          path: scenario.path(),
          headers: { ...request.headers, ...scenario.headers?.() },
          body: scenario.body?.(),
        }),
      },
    ],
  });
}

/** Cycles through `items`, one per call. */
export function rotate<T>(items: T[]): () => T {
  if (items.length === 0) throw new Error('nothing to rotate through: is the database seeded?');
  let index = 0;
  return () => items[index++ % items.length] as T;
}
