/** Quizzes (model `quiz`) under /api/forums/: a question graded by the server. */
export { quizzesRoutes } from './quizzes.routes';
export { quizKind, quizzesKinds } from './quizzes.kinds';
