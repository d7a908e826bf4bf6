import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Member } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { makeStaff, postComment, postDiscussion } from '../../../test/forums';
import { bodyFor, shapedLike, type Schema } from '../../../test/schema-arbitrary';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Write {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  operation: Operation;
}

/** Writes that end the member's session or account: every later request would stop at 401. */
const ENDING_THE_SESSION = new Set(['DELETE /auth/user/', 'POST /auth/logoutall/']);
const RUNS = 10_000;
/** Bodies are sent until RUNS or this budget, whichever first; CI's seed makes them the same. */
const BUDGET_MS = 240_000;

/**
 * Every write endpoint, fed bodies derived from its own schema in the OpenAPI document (which
 * the shared zod schemas generate), hostile strings and numbers included: no answer is a 5xx,
 * and every 400 names a field of the request (or says `nonFieldErrors`) or gives a `detail`.
 */
describe('every write endpoint, fed generated bodies', () => {
  let t: TestApp;
  let staff: Member;
  let writes: Write[];
  beforeAll(async () => {
    // An access token outlives the run, and the per-IP limit of the auth endpoints stays out of it.
    t = await createTestApp({
      config: { accessTokenTtlSeconds: 3600, authRateLimitMax: 1_000_000 },
    });
    const ada = await signUp(t, 'ada');
    staff = await signUp(t, 'staffer');
    await makeStaff(t, staff);
    // Something for the ids in paths and bodies to find.
    const discussion = await postDiscussion(t, ada, { tags: ['fuzz'] });
    await postComment(t, ada, discussion.id);
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    writes = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .map(([method, operation]) => ({
          method: method.toUpperCase() as Write['method'],
          path,
          operation,
        }))
        .filter(({ method }) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method))
        .filter(({ method }) => !ENDING_THE_SESSION.has(`${method} ${path}`)),
    );
  });
  afterAll(() => t.close());

  it(
    `answers ${RUNS} generated requests without a 5xx, naming the field of every 400`,
    async () => {
      expect(writes.length).toBeGreaterThan(50);
      const request = fc.constantFrom(...writes).chain((write) => {
        const parameters = write.operation.parameters ?? [];
        const inPath = parameters.filter((parameter) => parameter.in === 'path');
        const inQuery = parameters.filter((parameter) => parameter.in === 'query');
        const schema = write.operation.requestBody?.content?.['application/json']?.schema;
        return fc.record({
          write: fc.constant(write),
          path: fc.record(
            Object.fromEntries(
              inPath.map((parameter) => [
                parameter.name,
                fc.oneof(fc.constantFrom(1, 2), shapedLike(parameter.schema ?? {})),
              ]),
            ),
          ),
          query: fc.record(
            Object.fromEntries(
              inQuery.map((parameter) => [parameter.name, shapedLike(parameter.schema ?? {})]),
            ),
            { requiredKeys: [] },
          ),
          body: bodyFor(schema),
        });
      });

      let sent = 0;
      const statuses = new Map<number, number>();
      const problems: string[] = [];
      await fc
        .assert(
          fc.asyncProperty(request, async ({ write, path, query, body }) => {
            sent += 1;
            const url =
              write.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
                encodeURIComponent(String(path[name])),
              ) +
              (Object.keys(query).length
                ? `?${new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]))}`
                : '');
            const response = await t.app.inject({
              method: write.method,
              url,
              headers: {
                authorization: `Bearer ${staff.access}`,
                'content-type': 'application/json',
              },
              payload: JSON.stringify(body),
            });
            const where = `${write.method} ${url} ${JSON.stringify(body).slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            if (response.statusCode >= 500) problems.push(where);
            if (response.statusCode === 400) {
              const answer: unknown = response.json();
              const named =
                typeof answer === 'object' &&
                answer !== null &&
                (typeof (answer as { detail?: unknown }).detail === 'string' ||
                  (Object.keys(answer).length > 0 &&
                    Object.values(answer).every(
                      (messages) =>
                        Array.isArray(messages) &&
                        messages.length > 0 &&
                        messages.every((message) => typeof message === 'string' && message !== ''),
                    )));
              if (!named) problems.push(`unnamed 400: ${where}`);
            }
            return problems.length === 0;
          }),
          {
            numRuns: RUNS,
            seed: 20261126,
            interruptAfterTimeLimit: BUDGET_MS,
            markInterruptAsFailure: false,
          },
        )
        .catch((error: unknown) => {
          throw new Error(`${String(error)}\n${problems.join('\n')}`);
        });
      expect(problems).toEqual([]);
      console.log(`write inputs: ${sent} requests over ${writes.length} endpoints`, [...statuses]);
    },
    BUDGET_MS + 60_000,
  );
});
