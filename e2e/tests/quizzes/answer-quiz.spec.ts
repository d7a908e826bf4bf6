import { expect, test } from '../../support/test';
import { QUIZ_MESSAGES } from '@agora/shared';
import type { Quiz } from '@agora/shared';
import type { Page } from '@playwright/test';
import { browse, shootBoth, toast } from '../../support/browsing';
import { asMember, createVerifiedMember } from '../../support/members';
import { watchProblems } from '../../support/page-watch';

/**
 * The body of every response the page receives that could carry a quiz: the API's (JSON) and
 * the documents (the HTML the server sends), and every frame its sockets receive.
 */
function recordBodies(page: Page) {
  const bodies: { url: string; text: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    const api = path.startsWith('/api/') || path.startsWith('/auth/');
    if (!api && response.request().resourceType() !== 'document') return;
    // Redirects and bodiless answers have no text to read.
    if (response.status() === 204 || (response.status() >= 300 && response.status() < 400)) return;
    pending.push(
      response.text().then(
        (text) => {
          bodies.push({ url: response.url(), text });
        },
        (error: unknown) => {
          // Only a page left before its answer was read keeps no body; the test waits for the
          // network to go quiet before each navigation, so this is rare and never the pages checked.
          if (!String(error).includes('navigated away')) throw error;
        },
      ),
    );
  });
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      bodies.push({ url: socket.url(), text: payload.toString() });
    });
  });
  return { bodies, settled: () => Promise.all(pending) };
}

test('a quiz written in the form, answered wrongly: nothing gave the answer away before, the reveal after', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [asker, player] = await Promise.all([
    createVerifiedMember(request, 'quizasker'),
    createVerifiedMember(request, 'quizplayer'),
  ]);
  const run = Date.now().toString(36);
  const question = `Which river flows through Vienna? (${run})`;
  const secret = `Donauinsel${run}`;
  const explanation = `Vienna lies on the **Danube**; the ${secret} splits it in two for 21 km.`;

  // A writes the quiz: three answers, the second one correct.
  const a = await browse(browser, asker);
  const aProblems = watchProblems(a);
  await a.goto('/quizzes');
  await expect(a.getByRole('heading', { name: 'Quizzes', level: 1 })).toBeVisible();
  await a.getByRole('link', { name: 'New quiz' }).click();
  await expect(a.getByRole('heading', { name: 'New quiz', level: 1 })).toBeVisible();
  await a.getByRole('textbox', { name: 'Question' }).fill(question);
  await a.getByRole('textbox', { name: 'Answer A', exact: true }).fill('The Rhine');
  await a.getByRole('textbox', { name: 'Answer B', exact: true }).fill('The Danube');
  await a.getByRole('button', { name: 'Add an answer' }).click();
  await a.getByRole('textbox', { name: 'Answer C', exact: true }).fill('The Elbe');
  await a.getByRole('checkbox', { name: 'Answer B is correct' }).check();
  await expect(a.getByRole('checkbox', { name: 'Answer A is correct' })).not.toBeChecked();
  await a.getByRole('textbox', { name: 'Explanation' }).fill(explanation);
  await expect(a.getByRole('region', { name: 'Explanation preview' })).toContainText(secret);
  const tags = a.getByRole('combobox', { name: 'Tags' });
  await tags.fill('geography');
  await tags.press('Enter');
  await expect(a.getByRole('button', { name: '#geography' })).toBeVisible();
  // Closed, so no suggestion list stays open at its desktop place in the phone screenshot.
  await tags.blur();
  await expect(a.getByRole('listbox')).toHaveCount(0);
  await shootBoth(a, 'quizzes-create');
  await a.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(a, 'Your quiz is published.')).toBeVisible();
  await expect(a).toHaveURL(/\/quizzes\/\d+$/);
  const quizId = Number(new URL(a.url()).pathname.split('/').at(-1));

  // B, with every response body recorded from the first page load on, finds it and opens it.
  let recorder: ReturnType<typeof recordBodies> | undefined;
  const b = await browse(browser, player, (page) => {
    recorder = recordBodies(page);
  });
  if (!recorder) throw new Error('The recorder was not attached.');
  const bProblems = watchProblems(b);
  // The member home lists the new quiz too: its answers are read before the page is left.
  await b.waitForLoadState('networkidle');
  await recorder.settled();
  await b.goto('/quizzes');
  const feedCard = b.getByRole('article', { name: question });
  await expect(feedCard.getByRole('button', { name: 'The Danube' })).toBeVisible();
  await shootBoth(b, 'quizzes-feed');
  await feedCard.getByRole('link', { name: question }).click();
  await expect(b).toHaveURL(new RegExp(`/quizzes/${quizId}$`));
  const card = b.getByRole('article', { name: question });
  for (const text of ['The Rhine', 'The Danube', 'The Elbe']) {
    await expect(card.getByRole('button', { name: text, exact: true })).toBeEnabled();
  }
  await shootBoth(b, 'quiz-detail-before');
  // A reload too: the HTML the server sends for the quiz's address.
  await b.reload();
  await expect(card.getByRole('button', { name: 'The Danube', exact: true })).toBeVisible();
  await recorder.settled();

  const { bodies } = recorder;
  expect(bodies.some((body) => new URL(body.url).pathname === `/quizzes/${quizId}`)).toBe(true);
  expect(bodies.some((body) => new URL(body.url).pathname === `/api/forums/quizs/${quizId}/`)).toBe(
    true,
  );
  expect(bodies.some((body) => body.text.includes(question))).toBe(true);
  for (const body of bodies) {
    expect(body.text, body.url).not.toContain(secret);
    expect(body.text, body.url).not.toContain('correctAnswers');
    expect(body.text, body.url).not.toMatch(/"correct"\s*:\s*true/);
  }

  // B answers wrongly: the verdict, the correct answer marked and the explanation.
  const [graded] = await Promise.all([
    b.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/forums/quizs-answer/',
    ),
    card.getByRole('button', { name: 'The Rhine', exact: true }).click(),
  ]);
  expect(graded.status()).toBe(200);
  const expectReveal = async () => {
    await expect(card.getByRole('status')).toHaveText('Not quite. See the correct answer below.');
    const answers = card.getByRole('listitem');
    await expect(answers.filter({ hasText: 'The Rhine' })).toContainText('Your answer · incorrect');
    await expect(answers.filter({ hasText: 'The Danube' })).toContainText('Correct answer');
    await expect(answers.filter({ hasText: 'The Elbe' })).not.toContainText(/answer/i);
    await expect(card.getByRole('region', { name: 'Explanation' })).toContainText(secret);
    await expect(card.getByRole('button', { name: /^The (Rhine|Danube|Elbe)$/ })).toHaveCount(0);
  };
  await expectReveal();
  await shootBoth(b, 'quiz-detail-after');

  // The same after a reload, and a second attempt is refused.
  await b.reload();
  await expectReveal();
  const detail = await b.request.get(`/api/forums/quizs/${quizId}/`, asMember(player));
  const quiz = (await detail.json()) as Quiz;
  const danube = quiz.answers.find((answer) => answer.text === 'The Danube');
  const again = await b.request.post('/api/forums/quizs-answer/', {
    ...asMember(player),
    data: { quiz: quizId, answers: [danube?.id] },
  });
  expect(again.ok()).toBe(false);
  expect(JSON.stringify(await again.json())).toContain(QUIZ_MESSAGES.answered);

  expect(aProblems.problems).toEqual([]);
  expect(bProblems.problems).toEqual([]);
  await Promise.all([a.context().close(), b.context().close()]);
});
