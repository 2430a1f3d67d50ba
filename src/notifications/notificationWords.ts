/**
 * The words of each notification type for the page (the same English texts as
 * NOTIFICATION_WORDS in src/domain/notifications.ts, declared with Lingui's msg so they are in
 * the catalogs; the server words notifications from those catalog entries, and a test keeps both
 * lists equal). The page words a known type itself, in the language it shows now, so a language
 * change needs no new pull; an unknown type shows the server's words.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NotificationType } from '#domain/notifications';

export const NOTIFICATION_MESSAGES: Record<NotificationType, { title: MessageDescriptor; body: MessageDescriptor }> = {
  task_accepted: { title: msg({ message: 'Task accepted' }), body: msg({ message: 'Your work on “{taskTitle}” was accepted.' }) },
  task_rejected: { title: msg({ message: 'Task not accepted' }), body: msg({ message: 'Your work on “{taskTitle}” was not accepted: {comment}' }) },
  attendance_request: { title: msg({ message: 'Confirm your attendance' }), body: msg({ message: 'Please confirm that you will do “{taskTitle}” at {placeTitle}.' }) },
  payout_paid: { title: msg({ message: 'Payout sent' }), body: msg({ message: 'Your payout of {amount} has been paid.' }) },
  training_done: { title: msg({ message: 'Training completed' }), body: msg({ message: 'The training “{trainingTitle}” is done. Its tasks are open to you now.' }) },
  profile_approved: { title: msg({ message: 'Profile approved' }), body: msg({ message: 'Your profile is approved. You can reserve tasks now.' }) },
  profile_rejected: { title: msg({ message: 'Profile needs changes' }), body: msg({ message: 'Your profile was not approved. Please correct the marked fields and send it again.' }) },
  mission_completed: { title: msg({ message: 'Mission completed' }), body: msg({ message: 'You completed the mission “{missionName}”. {reward} is added to your next payout.' }) },
  new_task_nearby: { title: msg({ message: 'New task near you' }), body: msg({ message: '“{taskTitle}” at {placeTitle}, reward {reward}.' }) },
  mission_assigned: { title: msg({ message: 'New mission' }), body: msg({ message: 'You have a new mission: “{missionName}”.' }) },
  attendance_request_reminder: {
    title: msg({ message: 'Reminder: confirm your attendance' }),
    body: msg({ message: 'Please confirm that you will do “{taskTitle}” at {placeTitle}. Without an answer the reservation is cancelled soon.' }),
  },
  attendance_request_discarded: {
    title: msg({ message: 'Reservation cancelled' }),
    body: msg({ message: 'Your attendance for “{taskTitle}” at {placeTitle} was not confirmed in time, so the reservation was cancelled.' }),
  },
  task_expiring: { title: msg({ message: 'Task expires in {time}' }), body: msg({ message: '{taskTitle}' }) },
  task_time_over: { title: msg({ message: 'Task time is over' }), body: msg({ message: '{taskTitle}' }) },
};

/** A mission whose name the tasker is not shown: the missions screens' own title (GENERIC_MISSION_TITLE). */
export const GENERIC_MISSION_TITLE_WORDS: MessageDescriptor = msg({ message: 'Bonus mission' });
