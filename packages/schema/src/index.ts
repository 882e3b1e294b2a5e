export * from './resource';
export * from './validators';
export * from './abilities';
export * from './enums';
export * from './registry';
export * from './api';
export * from './message-format';
export * from './error-messages';
