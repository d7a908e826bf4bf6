export type { MailMessage, Mailer } from './mailer';
export { mailPlugin } from './mail.plugin';
