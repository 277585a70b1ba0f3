import { useCallReminders } from '../hooks/use-call-reminders';
import { CallReminderModal } from './call-reminder-modal';

/**
 * Mounted once at the root of the signed-in app: polls for the seller's due call back and shows the
 * reminder. `onUnauthorized` is the app's logout (a 401 on the polling signs the user out, SPEC 6).
 */
export function CallReminders({ onUnauthorized }: { onUnauthorized: () => void }) {
  const { call, dismiss, hide } = useCallReminders(onUnauthorized);
  // Keyed by the call: a different reminder gets a fresh modal.
  return call ? <CallReminderModal key={call.id} call={call} onClose={dismiss} onHide={hide} /> : null;
}
