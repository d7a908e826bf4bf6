import { appWide } from '../plugin';
import { refuseControlCharacters } from './control-characters';
import { handleError } from './error-handler';
import { createNotFoundHandler } from './not-found-handler';
import { useMemberFriendlyZodMessages } from './zod-messages';

export const errorsPlugin = appWide('agora-errors', async (app) => {
  useMemberFriendlyZodMessages();
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(createNotFoundHandler(app));
  app.addHook('preHandler', refuseControlCharacters);
});
