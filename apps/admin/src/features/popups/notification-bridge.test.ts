import { describe, expect, it } from 'vitest';
import { popups } from '../../lib/popups';
import { isDuplicate } from './notification-bridge';

describe("react-admin's notifications", () => {
  it('drop what the HTTP client already showed', () => {
    popups.markReported('Http failure response for /api/v3/clubs: 500 Internal Server Error');
    expect(isDuplicate({ type: 'error', message: 'Http failure response for /api/v3/clubs: 500 Internal Server Error' })).toBe(true);
    expect(isDuplicate({ type: 'error', message: 'ra.notification.http_error' })).toBe(true);
    expect(isDuplicate({ type: 'info', message: 'resources.clubs.notifications.created' })).toBe(true);
    expect(isDuplicate({ type: 'info', message: 'ra.notification.updated' })).toBe(true);
    expect(isDuplicate({ type: 'error', message: 'ra.message.invalid_form' })).toBe(true);
  });

  it('keep their own messages', () => {
    expect(isDuplicate({ type: 'warning', message: 'ra.notification.logged_out' })).toBe(false);
    expect(isDuplicate({ type: 'info', message: 'ra.notification.canceled' })).toBe(false);
  });
});
