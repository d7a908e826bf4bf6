import { z } from 'zod';

/** Zod's default for a missing field ("Invalid input: expected string, received undefined") is not a sentence for members. */
export function useMemberFriendlyZodMessages(): void {
  z.config({
    customError: (issue) =>
      issue.code === 'invalid_type' && issue.input === undefined && issue.path?.length
        ? 'This field is required.'
        : undefined,
  });
}
