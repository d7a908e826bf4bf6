import { appWide } from '../plugin';
import { createMailer, type Mailer, type MailerOptions } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

export const mailPlugin = appWide<Omit<MailerOptions, 'log'>>(
  'agora-mail',
  async (app, options) => {
    const mailer = createMailer({ ...options, log: app.log });
    app.addHook('onClose', async () => mailer.close());
    app.decorate('mail', mailer);
  },
);
