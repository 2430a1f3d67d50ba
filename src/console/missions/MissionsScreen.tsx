/**
 * /staff/missions: a market's missions (the market in the address, ?country=LT) with their
 * objectives, reward and how many taskers have and finished them; a form creating one (kept as a
 * draft until it is created) and, per mission, assigning it to taskers by e-mail or to every
 * approved tasker of its market. The reward is a decimal string shown with formatMoney.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { assignMission, createMission, listMissions } from '#contracts/api/money';
import type { AnswerOf } from '#contracts/api/client';
import { formatMoney } from '#domain/money';
import { COUNTRY_CODES } from '#domain/types';
import { StaffApiError, newIdempotencyKey, staffCall, useStaffQuery } from '../api';
import { useDraft } from '../drafts';
import { useErrorText } from '../errors';
import { Empty, LoadError, Loading } from '../ui/States';
import { useWhen } from '../support/words';
import { MAX_OBJECTIVES, assignBody, emptyMission, emptyObjective, missionBody, missionFormErrors, type MissionForm, type ObjectiveForm } from './missionForm';
import '../support/support.css';
import { memberMarkets } from '../session';

type Mission = AnswerOf<typeof listMissions>['data'][number];

/** The words under a field for its code. */
function useFieldWords(): (code: string | undefined) => string | null {
  const { t } = useLingui();
  return (code) => {
    if (!code) return null;
    if (code === 'REQUIRED') return t`Required.`;
    if (code === 'TOO_LONG') return t`Too long.`;
    if (code === 'TOO_MANY') return t`At most ${MAX_OBJECTIVES} objectives.`;
    if (code === 'NOT_FOUND') return t`Some of these ids do not exist.`;
    if (code === 'OTHER_MARKET') return t`A mission goes only to taskers of its own market.`;
    return t`Not valid.`;
  };
}

export default function MissionsScreen() {
  const { t, i18n } = useLingui();
  const errorText = useErrorText();
  const fieldWords = useFieldWords();
  const when = useWhen();
  const [params, setParams] = useSearchParams();
  const asked = params.get('country') ?? '';
  // A member limited to some markets chooses among those (the server refuses the others).
  const markets: readonly string[] = memberMarkets();
  const country = markets.includes(asked) ? asked : (markets[0] ?? COUNTRY_CODES[0]);
  const missions = useStaffQuery(listMissions, { query: { country } });

  const [form, setForm, clearForm] = useDraft<MissionForm>(`missions:new:${country}`, emptyMission(country));
  const [showForm, setShowForm] = useState(false);
  const [createKey, setCreateKey] = useState(newIdempotencyKey);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const [assigning, setAssigning] = useState<string | null>(null);
  const [assignEmails, setAssignEmails] = useDraft<string>(`missions:assign:${assigning ?? ''}`, '');
  const [assignAll, setAssignAll] = useState(false);
  const [assignKey, setAssignKey] = useState(newIdempotencyKey);
  const [assignError, setAssignError] = useState<string | null>(null);

  const money = (m: Mission['moneyReward']) => (m ? formatMoney(m, i18n.locale) : '—');
  const duration = (seconds: number | null) => (seconds === null ? t`Unlimited` : t`${Math.round(seconds / 86400)} days`);
  const update = (patch: Partial<MissionForm>) => setForm((f) => ({ ...f, ...patch }));
  const updateObjective = (i: number, patch: Partial<ObjectiveForm>) => setForm((f) => ({ ...f, objectives: f.objectives.map((o, j) => (j === i ? { ...o, ...patch } : o)) }));

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const errors = missionFormErrors(form);
    setFieldErrors(errors);
    setFailure(null);
    setNotice(null);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      const created = await staffCall(createMission, { body: missionBody({ ...form, countryCode: country }), idempotencyKey: createKey });
      clearForm();
      setCreateKey(newIdempotencyKey());
      setShowForm(false);
      setNotice(t`The mission “${created.name}” is created. Assign it to taskers below.`);
      missions.reload();
    } catch (error) {
      if (error instanceof StaffApiError && error.status >= 400 && error.status < 500) setCreateKey(newIdempotencyKey());
      if (error instanceof StaffApiError && error.fields) setFieldErrors(error.fields);
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const assign = async (mission: Mission) => {
    const body = assignBody(assignEmails, assignAll);
    if (!body) {
      setAssignError(t`Type the taskers' e-mails, or choose every approved tasker.`);
      return;
    }
    setBusy(true);
    setAssignError(null);
    setNotice(null);
    try {
      const result = await staffCall(assignMission, { params: { id: mission.id }, body, idempotencyKey: assignKey });
      setAssignEmails('');
      setAssignAll(false);
      setAssigning(null);
      setAssignKey(newIdempotencyKey());
      setNotice(t`“${mission.name}” is assigned to ${result.assigned.length} taskers.`);
      missions.reload();
    } catch (error) {
      if (error instanceof StaffApiError && error.status >= 400 && error.status < 500) setAssignKey(newIdempotencyKey());
      const code = error instanceof StaffApiError ? (error.fields?.userIds ?? error.fields?.emails) : undefined;
      setAssignError(code ? `${fieldWords(code) ?? ''} ${error instanceof StaffApiError ? error.message : ''}`.trim() : errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (key: string) => {
    const words = fieldWords(fieldErrors[key]);
    return words ? (
      <p className="field-error" id={`mission-${key}-error`}>
        {words}
      </p>
    ) : null;
  };

  return (
    <div className="support-page">
      <div className="console-head">
        <h1>
          <Trans>Missions</Trans>
        </h1>
        <div className="support-actions">
          <div className="field">
            <label htmlFor="missions-market">
              <Trans>Market</Trans>
            </label>
            <select id="missions-market" value={country} onChange={(e) => setParams({ country: e.target.value }, { replace: true })}>
              {markets.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          {!showForm && (
            <button type="button" className="btn btn-primary" onClick={() => setShowForm(true)}>
              <Trans>New mission</Trans>
            </button>
          )}
        </div>
      </div>

      {notice && (
        <p className="alert alert-info" role="status">
          {notice}
        </p>
      )}

      {showForm && (
        <form className="card stack" onSubmit={(e) => void create(e)} noValidate>
          <h2>
            <Trans>New mission in {country}</Trans>
          </h2>
          {failure && (
            <p className="alert alert-error" role="alert">
              {failure}
            </p>
          )}
          <div className="support-form">
            <div className="field">
              <label htmlFor="mission-name">
                <Trans>Name</Trans>
              </label>
              <input id="mission-name" value={form.name} maxLength={200} onChange={(e) => update({ name: e.target.value })} aria-invalid={fieldErrors.name ? true : undefined} />
              {fieldError('name')}
            </div>
            <div className="field">
              <label htmlFor="mission-reward">
                <Trans>Reward (empty: none)</Trans>
              </label>
              <input id="mission-reward" inputMode="decimal" value={form.reward} placeholder="25.00" onChange={(e) => update({ reward: e.target.value })} aria-invalid={fieldErrors.moneyReward ? true : undefined} />
              {fieldError('moneyReward')}
            </div>
            <div className="field">
              <label htmlFor="mission-days">
                <Trans>Days to finish (empty: unlimited)</Trans>
              </label>
              <input id="mission-days" inputMode="numeric" value={form.durationDays} onChange={(e) => update({ durationDays: e.target.value })} aria-invalid={fieldErrors.duration ? true : undefined} />
              {fieldError('duration')}
            </div>
            <div className="field field--wide">
              <label htmlFor="mission-description">
                <Trans>Description</Trans>
              </label>
              <textarea id="mission-description" rows={3} value={form.description} maxLength={2000} onChange={(e) => update({ description: e.target.value })} />
              {fieldError('description')}
            </div>
            <label className="check-row field--wide">
              <input type="checkbox" checked={form.useNameAsDisplayName} onChange={(e) => update({ useNameAsDisplayName: e.target.checked })} />
              <Trans>Show the name as the mission's title in the app</Trans>
            </label>
          </div>

          <h3>
            <Trans>Objectives</Trans>
          </h3>
          {fieldError('objectives')}
          {form.objectives.map((objective, i) => (
            <fieldset key={i} className="support-form">
              <legend className="visually-hidden">
                <Trans>Objective {i + 1}</Trans>
              </legend>
              <div className="field">
                <label htmlFor={`objective-${i}-kind`}>
                  <Trans>Counts</Trans>
                </label>
                <select id={`objective-${i}-kind`} value={objective.contentType} onChange={(e) => updateObjective(i, { contentType: e.target.value as ObjectiveForm['contentType'] })}>
                  <option value="task_type">{t`Accepted tasks`}</option>
                  <option value="training">{t`Trainings done`}</option>
                </select>
              </div>
              <div className="field">
                <label htmlFor={`objective-${i}-items`}>{objective.contentType === 'training' ? t`Training ids (empty: any)` : t`Task type ids (empty: any)`}</label>
                <input id={`objective-${i}-items`} value={objective.items} onChange={(e) => updateObjective(i, { items: e.target.value })} aria-invalid={fieldErrors[`objectives.${i}.allowedItems`] ? true : undefined} />
                {fieldError(`objectives.${i}.allowedItems`)}
              </div>
              <div className="field">
                <label htmlFor={`objective-${i}-target`}>
                  <Trans>How many</Trans>
                </label>
                <div className="check-row">
                  <input id={`objective-${i}-target`} inputMode="numeric" value={objective.target} onChange={(e) => updateObjective(i, { target: e.target.value })} aria-invalid={fieldErrors[`objectives.${i}.target`] ? true : undefined} />
                  {form.objectives.length > 1 && (
                    <button type="button" className="btn btn-secondary" onClick={() => setForm((f) => ({ ...f, objectives: f.objectives.filter((_, j) => j !== i) }))}>
                      <Trans>Remove</Trans>
                    </button>
                  )}
                </div>
                {fieldError(`objectives.${i}.target`)}
              </div>
            </fieldset>
          ))}
          <div className="support-actions">
            {form.objectives.length < MAX_OBJECTIVES && (
              <button type="button" className="btn btn-secondary" onClick={() => setForm((f) => ({ ...f, objectives: [...f.objectives, emptyObjective()] }))}>
                <Trans>Add an objective</Trans>
              </button>
            )}
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? <Trans>Creating…</Trans> : <Trans>Create the mission</Trans>}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setShowForm(false)}>
              <Trans>Close (the draft is kept)</Trans>
            </button>
          </div>
        </form>
      )}

      {missions.error ? (
        <LoadError error={missions.error} retry={missions.reload} />
      ) : missions.loading && !missions.data ? (
        <Loading />
      ) : (missions.data?.data ?? []).length === 0 ? (
        <Empty>
          <Trans>No missions in {country} yet.</Trans>
        </Empty>
      ) : (
        <div className="support-table-wrap">
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Mission</Trans>
                </th>
                <th scope="col">
                  <Trans>Objectives</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Reward</Trans>
                </th>
                <th scope="col">
                  <Trans>Time</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Assigned</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Finished</Trans>
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <Trans>Actions</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(missions.data?.data ?? []).map((mission) => (
                <Fragment key={mission.id}>
                  <tr>
                    <td>
                      <strong>{mission.name}</strong>
                      {mission.description && <div className="field-hint support-snippet">{mission.description}</div>}
                      <div className="field-hint">{when(mission.createdAt)}</div>
                    </td>
                    <td>
                      <ul className="stack" style={{ gap: 2, margin: 0, paddingLeft: 16 }}>
                        {mission.objectives.map((o) => (
                          <li key={o.id}>
                            {o.contentType === 'training' ? t`${o.target} trainings` : t`${o.target} accepted tasks`}
                            {o.allowedItems.length > 0 && <span className="field-hint"> ({o.allowedItems.join(', ')})</span>}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className="num">{money(mission.moneyReward)}</td>
                    <td>{duration(mission.duration)}</td>
                    <td className="num">{mission.assignedCount}</td>
                    <td className="num">{mission.completedCount}</td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-secondary"
                        aria-expanded={assigning === mission.id}
                        onClick={() => {
                          setAssignError(null);
                          setAssigning(assigning === mission.id ? null : mission.id);
                        }}
                      >
                        <Trans>Assign</Trans>
                      </button>
                    </td>
                  </tr>
                  {assigning === mission.id && (
                    <tr>
                      <td colSpan={7}>
                        <form
                          className="stack"
                          onSubmit={(e) => {
                            e.preventDefault();
                            void assign(mission);
                          }}
                        >
                          <div className="field">
                            <label htmlFor="assign-emails">
                              <Trans>Taskers' e-mails (commas or lines between them)</Trans>
                            </label>
                            <textarea id="assign-emails" rows={3} value={assignEmails} disabled={assignAll} onChange={(e) => setAssignEmails(e.target.value)} />
                          </div>
                          <label className="check-row">
                            <input type="checkbox" checked={assignAll} onChange={(e) => setAssignAll(e.target.checked)} />
                            <Trans>Every approved tasker of {mission.countryCode}</Trans>
                          </label>
                          {assignError && (
                            <p className="alert alert-error" role="alert">
                              {assignError}
                            </p>
                          )}
                          <div className="support-actions">
                            <button type="submit" className="btn btn-primary" disabled={busy}>
                              <Trans>Assign the mission</Trans>
                            </button>
                          </div>
                        </form>
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
