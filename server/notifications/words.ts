/**
 * A notification's words in a language: the English texts of src/domain/notifications.ts are
 * msgids of the app's catalogs, looked up in the reader's locale (server/http/messages.ts), then
 * the params (money formatted in that locale) are filled in.
 */
import { translate } from '../http/messages';
import { fillWords, isNotificationType, NOTIFICATION_WORDS, notificationValues } from '#domain/notifications';
import { GENERIC_MISSION_TITLE } from '#domain/missions';
import type { Locale } from '#domain/types';

/** The words of a notification in a locale (English where the catalog has no translation). */
export function wordNotification(type: string, params: Record<string, string | number>, locale: Locale): { title: string; body: string } {
  if (!isNotificationType(type)) return { title: type, body: '' };
  const words = NOTIFICATION_WORDS[type];
  const values = notificationValues(params, locale, translate({ text: GENERIC_MISSION_TITLE }, locale));
  return {
    title: fillWords(translate({ text: words.title }, locale), values),
    body: fillWords(translate({ text: words.body }, locale), values),
  };
}

