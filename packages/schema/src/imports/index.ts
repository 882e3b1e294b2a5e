export * from './imports.resource';
