export * from './comments.resource';
