export * from './push';
export * from './push-notification-targets.resource';
export * from './push-notifications.resource';
