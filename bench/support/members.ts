import { randomBytes } from 'node:crypto';

const PASSWORD = 'correct horse battery staple';

/**
 * `count` new members signed up through the API (`bench.<run>.<n>`), and their access tokens.
 * New names each run, so a kept database takes another run.
 */
export async function signUpMembers(base: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  const run = randomBytes(3).toString('hex');
  for (let index = 1; index <= count; index += 1) {
    const username = `bench.${run}.${index}`;
    const response = await fetch(`${base}/auth/registration/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username,
        email: `${username}@example.com`,
        password1: PASSWORD,
        password2: PASSWORD,
      }),
    });
    if (response.status !== 201) throw new Error(`sign-up failed: ${await response.text()}`);
    tokens.push(((await response.json()) as { access: string }).access);
  }
  return tokens;
}
