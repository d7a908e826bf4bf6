import { appWide } from '../plugin';
import { createSpeech, type Speech } from './speech';

declare module 'fastify' {
  interface FastifyInstance {
    speech: Speech;
  }
}

/** `app.speech`: offline text to speech. Closing the app cancels its pending jobs. */
export const speechPlugin = appWide('agora-speech', async (app) => {
  const speech = createSpeech({ log: app.log });
  app.addHook('onClose', async () => speech.close());
  app.decorate('speech', speech);
});
