import { Create } from 'react-admin';
import { PushNotificationForm } from './push-notification-form';

/** A new notification: saved as a draft, scheduled, or sent now; the list shows it at its head. */
export default function PushNotificationCreate() {
  return (
    <Create redirect="list">
      <PushNotificationForm />
    </Create>
  );
}
