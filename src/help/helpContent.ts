/**
 * The help pages' own text: knowledge base, FAQ and troubleshooting, written for a
 * tasker, in the app's catalogs (five languages). Being app text, it ships in the JS chunk and the
 * language catalogs, which the service worker precaches: the pages read offline.
 * Per market (spec section 6): the knowledge base and troubleshooting are not offered in RO; the
 * payout currency in the answers is the market's (filled in where shown).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export type HelpPage = 'knowledgeBase' | 'faq' | 'troubleshooting';

export interface HelpArticle {
  id: string;
  question: MessageDescriptor;
  answer: MessageDescriptor;
}

export const HELP_ARTICLES: Record<HelpPage, HelpArticle[]> = {
  knowledgeBase: [
    {
      id: 'find',
      question: msg`How do I find tasks?`,
      answer: msg`Open Offerings to see the tasks near you as a list or on the map. Sort them by distance or time and filter them by type. Each task shows its reward, the store and when it can be done.`,
    },
    {
      id: 'reserve',
      question: msg`How does reserving work?`,
      answer: msg`Open a task and slide the slider to the end to reserve it. A reserved task is yours until its deadline; you can cancel it before the early-cancel deadline. Reserving needs a connection.`,
    },
    {
      id: 'start',
      question: msg`How do I start a task?`,
      answer: msg`Go to the store and open the task from Reserved. Start it within 1000 m of the store: the app checks your location. Starting also works offline; it is sent when the connection is back.`,
    },
    {
      id: 'work',
      question: msg`What do I do during a task?`,
      answer: msg`Follow the checklist: take the photos it asks for, scan product codes and count the facings, and log any defects. Everything is saved on your phone at once, even without a signal.`,
    },
    {
      id: 'photos',
      question: msg`What makes a good photo?`,
      answer: msg`Hold the phone straight in front of the shelf, fit the whole shelf in the picture and keep the price tags readable. Take several photos of a long shelf rather than one from far away.`,
    },
    {
      id: 'scanner',
      question: msg`How does the scanner work?`,
      answer: msg`Point the camera at the barcode until it beeps, then choose the number of facings. If a code does not scan, type it or pick the product from the list.`,
    },
    {
      id: 'finish',
      question: msg`How do I finish a task?`,
      answer: msg`When the checklist is done, tap Finish and confirm. If something could not be done, say why and add photos. Staff then check your work and accept or reject it.`,
    },
    {
      id: 'payouts',
      question: msg`When am I paid?`,
      answer: msg`Payouts are weekly. Every accepted task of the week is paid to your bank account; the next payout with all its rows is under Profile.`,
    },
    {
      id: 'offline',
      question: msg`Can I work without internet?`,
      answer: msg`Yes. Open the task once while online and it is kept on your phone. Photos, scans, checklists and the finish are saved offline and sent once, in order, when the connection is back.`,
    },
  ],
  faq: [
    {
      id: 'approval',
      question: msg`How do I get approved?`,
      answer: msg`Fill in your profile and payment details under Onboarding and upload the documents it asks for. Our team checks them and approves your profile, usually within a few business days.`,
    },
    {
      id: 'locked',
      question: msg`Why are tasks locked?`,
      answer: msg`You can see tasks before approval, but reserving them needs an approved profile. Some tasks also need trainings: complete them under Trainings.`,
    },
    {
      id: 'rejected',
      question: msg`My profile was rejected. What now?`,
      answer: msg`Onboarding shows what needs fixing. Correct it and save: your profile goes back for approval by itself.`,
    },
    {
      id: 'money',
      question: msg`How much can I earn?`,
      answer: msg`Each task shows its reward before you reserve it. Taskers are paid weekly for every accepted task, and missions add bonuses.`,
    },
    {
      id: 'tools',
      question: msg`What do I need?`,
      answer: msg`A smartphone with a camera and mobile data. Installing the app on the home screen makes it start faster and work better offline.`,
    },
    {
      id: 'contact',
      question: msg`How do I reach support?`,
      answer: msg`Write to us from Contact support in the menu, or call us. We usually answer within 1 business day.`,
    },
  ],
  troubleshooting: [
    {
      id: 'camera',
      question: msg`The camera does not open`,
      answer: msg`Allow the camera for this site in the browser settings and reload the app. Close other apps that use the camera. If it still does not work, upload a photo from the gallery instead.`,
    },
    {
      id: 'location',
      question: msg`My location is not found`,
      answer: msg`Turn on location on your phone and allow it for this site (see Location permission). Step outside or near a window for a better signal and try again.`,
    },
    {
      id: 'sync',
      question: msg`My changes are waiting to be sent`,
      answer: msg`They are saved on your phone and sent as soon as there is a connection. Keep the app open for a moment when you are back online. Do not sign out while changes are waiting: they would stay on this phone.`,
    },
    {
      id: 'storage',
      question: msg`The phone says the storage is full`,
      answer: msg`Photos are kept until they are sent. Free some space by deleting old photos or apps, then open the app online so waiting photos can leave.`,
    },
    {
      id: 'scan',
      question: msg`A barcode does not scan`,
      answer: msg`Clean the camera lens, hold the phone 10–20 cm from the code and avoid glare. You can always type the code or choose the product from the list.`,
    },
    {
      id: 'notifications',
      question: msg`I get no notifications`,
      answer: msg`Notifications need the installed app and your permission. See Notification permission for the steps on your phone.`,
    },
  ],
};
