import { expect, test } from '../../support/test';
import { createVerifiedMember, signInContext } from '../../support/members';
import { chat } from './a11y-data';
import { tabTo } from './keyboard';

test('a member answers a chat with the keyboard only', async ({ context, page, request }) => {
  const [ada, ben] = await Promise.all([
    createVerifiedMember(request, 'kbada'),
    createVerifiedMember(request, 'kbben'),
  ]);
  await chat(request, ben, ada, 'Lunch at the market on Friday?');
  await signInContext(context, ada);
  await page.goto('/chat');

  const entry = page.getByRole('listitem', { name: new RegExp(ben.username) });
  await tabTo(page, entry.getByRole('button'));
  await page.keyboard.press('Enter');
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages.getByText('Lunch at the market on Friday?')).toBeVisible();

  await tabTo(page, page.getByRole('textbox', { name: 'Message' }));
  await page.keyboard.type('Yes, see you at noon.');
  await page.keyboard.press('Enter');

  await expect(messages.getByText('Yes, see you at noon.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
});
