export * from './quizzes.resource';
