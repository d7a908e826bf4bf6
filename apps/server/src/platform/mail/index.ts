export type { MailMessage, Mailer } from './mailer';
export { mailPlugin, type MailOutbox, type MailService } from './mail.plugin';
