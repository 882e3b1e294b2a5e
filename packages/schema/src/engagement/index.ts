export * from './surveys';
export * from './comments';
export * from './fans';
