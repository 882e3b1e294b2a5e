import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** Push notifications: their own list, editor and delivery view (features/push-notifications); targets keep the generic screens. */
export const pushNotificationScreens: ResourceScreens = {
  list: lazyScreen(() => import('../../../features/push-notifications').then((m) => ({ default: m.PushNotificationList }))),
  edit: lazyScreen(() => import('../../../features/push-notifications').then((m) => ({ default: m.PushNotificationEdit }))),
  create: lazyScreen(() => import('../../../features/push-notifications').then((m) => ({ default: m.PushNotificationCreate }))),
};
