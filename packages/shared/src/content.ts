import { z } from 'zod';
import { CONTENT_MODELS } from './content-kinds';

export const ZContentModel = z.enum(
  CONTENT_MODELS,
  'Choose forum, comment, subcomment, poll, quiz or album.',
);
