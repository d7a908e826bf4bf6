import type { ContentFeed, ContentRegistry } from '../../platform/content';
import { AppError } from '../../platform/errors';

/**
 * The feed of the kind a request names in `model` (or `model_name`, `model_type`): every
 * `/api/common/` operation goes through it. A model the contract accepts but no registered
 * kind serves (yet) is a 400 naming the field, with `refusal` as its message.
 */
export function feedOf(
  content: ContentRegistry,
  model: string,
  refusal: string,
  field = 'model',
): ContentFeed {
  const feed = content.feed(model);
  if (!feed) throw AppError.fields({ [field]: [refusal] });
  return feed;
}
