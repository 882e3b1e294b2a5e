/** Spec §8 pop-ups: react-admin's notifications and the HTTP client's messages on one host. */
export { NotificationBridge } from './notification-bridge';
export { PopupHost } from './popup-host';
