/** A notification's words in the language the app shows now (the list; the bell's count needs none). */
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { isNotificationType, notificationValues, type AppNotification } from '#domain/notifications';
import { GENERIC_MISSION_TITLE_WORDS, NOTIFICATION_MESSAGES } from './notificationWords';

/** A notification's title and body in the app's current language (the server's words for a type the app does not know). */
export function useNotificationWords(): (n: AppNotification) => { title: string; body: string } {
  const { i18n } = useLingui();
  return useMemo(
    () => (n: AppNotification) => {
      if (!isNotificationType(n.type)) return { title: n.title, body: n.body };
      const values = notificationValues(n.params, i18n.locale, i18n._(GENERIC_MISSION_TITLE_WORDS));
      const m = NOTIFICATION_MESSAGES[n.type];
      const title: MessageDescriptor = { ...m.title, values };
      const body: MessageDescriptor = { ...m.body, values };
      return { title: i18n._(title), body: i18n._(body) };
    },
    [i18n],
  );
}
