import type { MailMessage } from '../../platform/mail';

/** The account mails; each carries one link and says what to do if it was not you. */
export const mails = {
  verifyEmail: (to: string, username: string, link: string): MailMessage => ({
    to,
    subject: 'Confirm your email address for Agora',
    text: `Hello ${username},\n\nPlease confirm your email address by opening this link:\n\n${link}\n\nThe link works for 3 days. If you did not create an Agora account, ignore this message.\n`,
  }),
  resetPassword: (to: string, username: string, link: string): MailMessage => ({
    to,
    subject: 'Reset your Agora password',
    text: `Hello ${username},\n\nTo choose a new password, open this link within one hour:\n\n${link}\n\nIt works once. If you did not ask for it, ignore this message: your password stays as it is.\n`,
  }),
  twoFactor: (to: string, username: string, link: string): MailMessage => ({
    to,
    subject: 'Your Agora sign-in link',
    text: `Hello ${username},\n\nTo finish signing in, open this link within 10 minutes:\n\n${link}\n\nIt works once. If you did not just try to sign in, change your password now.\n`,
  }),
};
