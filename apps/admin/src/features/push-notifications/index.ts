/**
 * Push notifications (issue 10): the list with live delivery counts, and the editor (Polish and
 * English side by side, image, link, targets, send time or now) that turns into the delivery view
 * once sending begins.
 */
export { default as PushNotificationList } from './push-notification-list';
export { default as PushNotificationEdit } from './push-notification-edit';
export { default as PushNotificationCreate } from './push-notification-create';
