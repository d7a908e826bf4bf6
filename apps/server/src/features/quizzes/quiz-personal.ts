import { ZQuiz, type Quiz } from '@agora/shared';
import { sql } from 'drizzle-orm';
import type { ContentContext, PersonalParts } from '../../platform/content';
import { bookmarks, likes } from '../reactions';
import { loadQuizzes } from './quizzes.loader';
import { presentQuiz } from './quizzes.presenter';
import { quizAttempts, quizVotes } from './quizzes.tables';

/** A list of ids as one bigint[] parameter. */
const idArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;

/**
 * What a quiz shows a member beyond the signed-out view: their like, bookmark and up-vote; their
 * attempt (a timed quiz's answers once they started it, their answer, and then the correct
 * answers and the explanation); and to its author, the correct answers. Only quizzes holding
 * one of these are read again for them, through the loader every quiz read uses, so what a
 * member may not see yet stays absent here as everywhere.
 */
export const quizPersonalParts = (ctx: ContentContext): PersonalParts<Quiz> => ({
  async ownIn(viewer, objects) {
    const own = new Set(
      objects.filter((quiz) => quiz.author.id === viewer.id).map((quiz) => quiz.id),
    );
    const ids = idArray(objects.map((quiz) => quiz.id));
    const { rows } = await ctx.db.execute<{ id: string | number }>(sql`
      select ${likes.objectId} as id from ${likes}
        where ${likes.userId} = ${viewer.id} and ${likes.model} = 'quiz' and ${likes.objectId} = any(${ids})
      union
      select ${bookmarks.objectId} from ${bookmarks}
        where ${bookmarks.userId} = ${viewer.id} and ${bookmarks.model} = 'quiz' and ${bookmarks.objectId} = any(${ids})
      union
      select ${quizVotes.quizId} from ${quizVotes}
        where ${quizVotes.userId} = ${viewer.id} and ${quizVotes.quizId} = any(${ids})
      union
      select ${quizAttempts.quizId} from ${quizAttempts}
        where ${quizAttempts.userId} = ${viewer.id} and ${quizAttempts.quizId} = any(${ids})`);
    // node-postgres gives bigint as text; PGlite as a number.
    for (const row of rows) own.add(Number(row.id));
    return own;
  },
  async readAs(viewer, ids) {
    const views = await loadQuizzes(ctx, viewer, ids, false);
    // Parsed as the route's response schema writes it: its fields, no other.
    return views.map((view) => ZQuiz.parse(presentQuiz(view)));
  },
});
