export * from './delivery-keys.resource';
