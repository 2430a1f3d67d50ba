import { describe, expect, it } from 'vitest';
import type { ChecklistItem } from '#domain/types';
import {
  autoToggleChanges,
  cameraPath,
  canReportBlocked,
  defectLoggedTicks,
  effectiveDoneIds,
  finishPath,
  itemTitle,
  linkTarget,
  remainingRequiredCount,
  requiredItemsDone,
  type ChecklistEvidence,
} from './checklist';

const item = (id: string, over: Partial<ChecklistItem> = {}): ChecklistItem => ({
  id,
  type: 'plain',
  title: `Item ${id}`,
  description: null,
  isDone: false,
  isOptional: false,
  metadata: {},
  ...over,
});
const none: ChecklistEvidence = { photoTags: [], scanCount: 0, loggedDefectCount: 0 };

describe('checklist completion', () => {
  const items = [item('a'), item('b', { isOptional: true }), item('c')];

  it('is complete when every required item is done, optional ones aside', () => {
    expect(requiredItemsDone(items, ['a', 'c'])).toBe(true);
    expect(requiredItemsDone(items, ['a', 'b'])).toBe(false);
    expect(remainingRequiredCount(items, ['a', 'b'])).toBe(1);
  });

  it('opens the completion confirmation when done and the incompletion one otherwise', () => {
    expect(finishPath('t/1', items, ['a', 'c'])).toBe('/task/t%2F1/confirm_complete');
    expect(finishPath('t/1', items, ['a'])).toBe('/task/t%2F1/confirm_incomplete');
  });

  it('offers "cannot be completed" only with a defect-type item', () => {
    expect(canReportBlocked(items)).toBe(false);
    expect(canReportBlocked([...items, item('d', { type: 'defects' })])).toBe(true);
  });
});

describe('auto-toggle items', () => {
  const before = item('cam', { type: 'camera', metadata: { tags: ['before'], isAutoToggle: true } });
  const manual = item('cam2', { type: 'camera', metadata: { tags: ['after'] } });
  const scans = item('scan', { type: 'scanner', metadata: { isAutoToggle: true } });

  it('counts a camera item done when a photo with one of its tags exists', () => {
    expect(effectiveDoneIds([before, manual], { ...none, photoTags: [['after']] })).toEqual([]);
    expect(effectiveDoneIds([before, manual], { ...none, photoTags: [['after', 'before']] })).toEqual(['cam']);
  });

  it('does not tick an item without auto-toggle, whatever was recorded', () => {
    expect(effectiveDoneIds([manual], { ...none, photoTags: [['after']] })).toEqual([]);
  });

  it('asks for an update only when the evidence disagrees with the stored state', () => {
    expect(autoToggleChanges([before, scans], none)).toEqual([]);
    expect(autoToggleChanges([before, scans], { ...none, scanCount: 3 })).toEqual([{ itemId: 'scan', done: true }]);
    expect(autoToggleChanges([{ ...before, isDone: true }, scans], none)).toEqual([{ itemId: 'cam', done: false }]);
    expect(autoToggleChanges([{ ...scans, isDone: true }], { ...none, scanCount: 1 })).toEqual([]);
  });

  it('sends only the auto items, never the hand-ticked ones', () => {
    expect(autoToggleChanges([before, { ...manual, isDone: true }], { ...none, photoTags: [['before']] })).toEqual([{ itemId: 'cam', done: true }]);
  });
});

describe('defects items', () => {
  it('are ticked when a defect is logged, unless done, auto-toggled or kept for the hand by their author', () => {
    const report = item('report', { type: 'defects', metadata: { tags: ['defect'] } });
    const done = item('done', { type: 'defects', isDone: true });
    const auto = item('auto', { type: 'defects', metadata: { isAutoToggle: true } });
    const byHand = item('hand', { type: 'defects', metadata: { isAutoToggle: false } });
    const plain = item('plain');
    expect(defectLoggedTicks([plain, report, done, auto, byHand])).toEqual([{ itemId: 'report', done: true }]);
    expect(defectLoggedTicks([plain, done])).toEqual([]);
  });
});

describe('item links', () => {
  it('builds the camera URL with comma-separated tags and the title', () => {
    expect(cameraPath('t1', ['before', 'out_of_stock'], 'Shelf & price')).toBe('/task/t1/camera/?tags=before%2Cout_of_stock&title=Shelf+%26+price');
    expect(cameraPath('t1', [])).toBe('/task/t1/camera/');
  });

  it('opens only http(s) targets', () => {
    expect(linkTarget(item('l', { metadata: { target: 'https://example.com/planogram.pdf' } }))).toBe('https://example.com/planogram.pdf');
    expect(linkTarget(item('l', { metadata: { target: 'javascript:alert(1)' } }))).toBeNull();
    expect(linkTarget(item('l', { metadata: { target: '' } }))).toBeNull();
  });

  it('shows the title override when there is one', () => {
    expect(itemTitle(item('x', { metadata: { titleOverride: ' Take the shelf photo ' } }))).toBe('Take the shelf photo');
    expect(itemTitle(item('x', { metadata: { titleOverride: '  ' } }))).toBe('Item x');
  });
});
