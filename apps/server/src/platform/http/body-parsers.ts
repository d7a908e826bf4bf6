import { appWide } from '../plugin';

/**
 * The API reads JSON and multipart only: text/plain is refused (415) rather than handed to a
 * handler as a string. An empty JSON body reads as `{}`, as in Django REST Framework, which
 * the web client was written against (action posts such as logout-all send no body).
 */
export const bodyParsersPlugin = appWide('agora-body-parsers', async (app) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, {});
      return;
    }
    parseJson(request, text, done);
  });
});
