import { describe, expect, it } from 'vitest';
import { GENERIC_MISSION_TITLE } from '#domain/missions';
import { NOTIFICATION_WORDS } from '#domain/notifications';
import { GENERIC_MISSION_TITLE_WORDS, NOTIFICATION_MESSAGES } from './notificationWords';

describe("the page's notification words", () => {
  it('are the English the server looks up, type by type', () => {
    for (const [type, words] of Object.entries(NOTIFICATION_WORDS)) {
      const page = NOTIFICATION_MESSAGES[type as keyof typeof NOTIFICATION_MESSAGES];
      expect([page.title.message, page.body.message], type).toEqual([words.title, words.body]);
    }
    expect(GENERIC_MISSION_TITLE_WORDS.message).toBe(GENERIC_MISSION_TITLE);
  });
});
