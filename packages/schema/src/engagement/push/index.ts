export * from './push';
export * from './push-notification-targets.resource';
export * from './push-notifications.resource';
export * from './match-alerts';
export * from './match-alert-templates.resource';
