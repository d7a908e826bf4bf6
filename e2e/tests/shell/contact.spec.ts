import { expect, test } from '../../support/test';
import { signInContext, staffMember } from '../../support/members';
import { shoot } from '../../support/page-watch';

test('a visitor writes to the team from the footer, and staff read it under Messages', async ({
  page,
  browser,
  request,
}) => {
  const subject = `Events in another city ${Date.now().toString(36)}`;

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/contactus$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();

  // An empty form: every field says what it needs, and the first takes the focus.
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Enter your name.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your name' })).toBeFocused();
  await shoot(page, 'contact-errors');

  await page.getByRole('textbox', { name: 'Your name' }).fill('Grace Hopper');
  await page.getByRole('textbox', { name: 'Email' }).fill('grace@example.org');
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('Can members post events for a city other than their own?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(
    page.getByRole('heading', { name: 'Thank you, your message is on its way' }),
  ).toBeVisible();
  await expect(page.getByText('grace@example.org')).toBeVisible();
  await shoot(page, 'contact-sent');

  const staff = await staffMember(request);
  const context = await browser.newContext();
  await signInContext(context, staff);
  const staffPage = await context.newPage();
  await staffPage.goto('/moderation');
  await staffPage.getByRole('tab', { name: 'Messages' }).click();
  await expect(staffPage).toHaveURL(/tab=messages/);
  const list = staffPage.getByRole('list', { name: 'Messages, newest first' });
  const item = list.getByRole('listitem', { name: subject });
  await expect(item).toBeVisible();
  await expect(item).toContainText('From Grace Hopper (grace@example.org)');
  await expect(item).toContainText('Can members post events for a city other than their own?');
  await expect(item.getByRole('link', { name: /Answer Grace Hopper/ })).toHaveAttribute(
    'href',
    /^mailto:grace@example\.org\?subject=Re%3A%20Events/,
  );
  await shoot(staffPage, 'moderation-messages');
  await context.close();
});
