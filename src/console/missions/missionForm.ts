/**
 * The mission form's fields as typed (kept as a draft) and their reading into the body of POST
 * /api/staff/missions: the reward stays a decimal string (checked with the domain's parseAmount,
 * never a float), the duration is typed in days and sent in seconds, each objective's items are
 * ids separated by commas, spaces or lines (none: any task type or training). Field keys match the
 * server's field codes (`objectives.0.target`), so its refusals land under the same inputs.
 */
import { parseAmount, typedAmount } from '#domain/money';
import { MISSION_CONTENT_TYPES, type MissionContentType } from '#domain/missions';

export interface ObjectiveForm {
  contentType: MissionContentType;
  items: string;
  target: string;
}

export interface MissionForm {
  countryCode: string;
  name: string;
  description: string;
  reward: string;
  durationDays: string;
  useNameAsDisplayName: boolean;
  objectives: ObjectiveForm[];
}

export interface MissionBody {
  countryCode: string;
  name: string;
  description: string;
  moneyReward: string | null;
  duration: number | null;
  useNameAsDisplayName: boolean;
  objectives: { contentType: MissionContentType; allowedItems: string[]; target: number }[];
}

export const MAX_OBJECTIVES = 10;
const DAY_SECONDS = 24 * 3600;
const MAX_DAYS = 366;

export function emptyObjective(): ObjectiveForm {
  return { contentType: 'task_type', items: '', target: '1' };
}

export function emptyMission(countryCode: string): MissionForm {
  return { countryCode, name: '', description: '', reward: '', durationDays: '', useNameAsDisplayName: true, objectives: [emptyObjective()] };
}

/** Ids typed with commas, spaces or lines between them, each once. */
export function splitIds(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((id) => id.trim()).filter(Boolean))];
}

/** Field code per field ('REQUIRED', 'INVALID', 'TOO_LONG'); empty when the form can be sent. */
export function missionFormErrors(form: MissionForm): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = form.name.trim();
  if (name === '') errors.name = 'REQUIRED';
  else if (name.length > 200) errors.name = 'TOO_LONG';
  if (form.description.trim().length > 2000) errors.description = 'TOO_LONG';
  const reward = form.reward.trim();
  if (reward !== '') {
    try {
      const minor = parseAmount(typedAmount(reward));
      if (minor <= 0n || minor > 99_999_999n) errors.moneyReward = 'INVALID';
    } catch {
      errors.moneyReward = 'INVALID';
    }
  }
  const days = form.durationDays.trim();
  if (days !== '' && (!/^\d{1,3}$/.test(days) || Number(days) < 1 || Number(days) > MAX_DAYS)) errors.duration = 'INVALID';
  if (form.objectives.length === 0) errors.objectives = 'REQUIRED';
  if (form.objectives.length > MAX_OBJECTIVES) errors.objectives = 'TOO_MANY';
  form.objectives.forEach((objective, i) => {
    if (!(MISSION_CONTENT_TYPES as readonly string[]).includes(objective.contentType)) errors[`objectives.${i}.contentType`] = 'INVALID';
    const target = objective.target.trim();
    if (!/^\d{1,4}$/.test(target) || Number(target) < 1 || Number(target) > 1000) errors[`objectives.${i}.target`] = 'INVALID';
    const ids = splitIds(objective.items);
    if (ids.length > 100 || ids.some((id) => id.length > 64)) errors[`objectives.${i}.allowedItems`] = 'INVALID';
  });
  return errors;
}

/** The request body of a form without errors (missionFormErrors first). */
export function missionBody(form: MissionForm): MissionBody {
  const reward = typedAmount(form.reward);
  const days = form.durationDays.trim();
  return {
    countryCode: form.countryCode,
    name: form.name.trim(),
    description: form.description.trim(),
    moneyReward: reward === '' ? null : reward,
    duration: days === '' ? null : Number(days) * DAY_SECONDS,
    useNameAsDisplayName: form.useNameAsDisplayName,
    objectives: form.objectives.map((o) => ({ contentType: o.contentType, allowedItems: splitIds(o.items), target: Number(o.target.trim()) })),
  };
}

/** Who to assign, as typed: e-mails separated by commas, spaces or lines; or every approved tasker. */
export function assignBody(emails: string, allActive: boolean): { emails: string[] } | { allActive: true } | null {
  if (allActive) return { allActive: true };
  const list = splitIds(emails).map((e) => e.toLowerCase());
  return list.length === 0 ? null : { emails: list };
}
