import { useEffect } from 'react';
import { useNotificationContext, type NotificationPayload } from 'react-admin';
import { popups } from '../../lib/popups';

const MUTATION_SUCCESS = /^(ra\.notification\.(created|updated|deleted)|resources\.[^.]+\.notifications\.(created|updated|deleted))$/;

/**
 * react-admin's own notifications, shown as our pop-ups. Those that repeat what the HTTP
 * client already reported (spec §8: one error pop-up per failed request, success pop-ups for
 * writes) are dropped, so the user never sees the same message twice.
 */
export function isDuplicate(notification: Pick<NotificationPayload, 'message' | 'type'>): boolean {
  const { message, type } = notification;
  if (typeof message !== 'string') return false;
  if (type === 'error' || type === 'warning') {
    if (message === 'ra.notification.http_error' || popups.wasReported(message)) return true;
    // After a refused save the fields show the server's errors and the pop-up says why.
    return message === 'ra.message.invalid_form' && popups.reportedWithin(2000);
  }
  return MUTATION_SUCCESS.test(message);
}

export function NotificationBridge() {
  const { notifications, takeNotification } = useNotificationContext();
  useEffect(() => {
    if (!notifications.length) return;
    const next = takeNotification();
    if (!next || isDuplicate(next) || typeof next.message !== 'string') return;
    popups.show({
      severity: next.type === 'error' || next.type === 'warning' ? 'error' : next.type === 'success' ? 'success' : 'info',
      titleKey: next.message,
      titleParams: next.notificationOptions?.messageArgs as Record<string, unknown> | undefined,
    });
  }, [notifications, takeNotification]);
  return null;
}
