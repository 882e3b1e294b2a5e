export * from './surveys';
export * from './comments';
