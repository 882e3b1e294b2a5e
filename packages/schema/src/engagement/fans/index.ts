export * from './fans.resource';
