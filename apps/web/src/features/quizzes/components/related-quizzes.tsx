import { RelatedList } from '../../../components/related-list';
import { plural } from '../../../lib/format';
import { useGetRelatedQuizzesQuery } from '../quizzes-api';

/** Up to five quizzes like this one; nothing at all when there are none or it fails. */
export function RelatedQuizzes({ quizId }: { quizId: number }) {
  const { data: related } = useGetRelatedQuizzesQuery(quizId);
  return (
    <RelatedList
      title="Related quizzes"
      items={related?.map((quiz) => ({
        id: quiz.id,
        to: `/quizzes/${quiz.id}`,
        title: quiz.question,
        detail: `${quiz.author.username} · ${plural(quiz.attemptsCount, 'answer')}`,
      }))}
    />
  );
}
