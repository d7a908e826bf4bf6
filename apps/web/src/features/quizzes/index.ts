/**
 * Quizzes: the pages at /quizzes (routed by app/router.tsx), and what other features show of
 * them: a member's quiz record (profile) and the member's own quizzes (My content).
 */
export { MyQuizzes } from './components/my-quizzes';
export { QuizRecordCard } from './components/quiz-record-card';
