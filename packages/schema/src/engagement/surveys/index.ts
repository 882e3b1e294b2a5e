export * from './surveys.resource';
export * from './results';
