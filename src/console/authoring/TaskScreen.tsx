/**
 * /staff/tasks/new and /staff/tasks/:id: one task. A new task takes a place (searched), a type, a
 * title, its window (typed in the place's market time, sent as UTC), reward and bonus (exact
 * decimals), duration, comment, a product list and whether it is published. An existing task's
 * window, money, texts and products can be edited while nobody reserved it, and it can be
 * published or unpublished. The server's field codes show under their fields; a type whose texts
 * are missing in the market's language is refused with a link to the type. Drafts are kept in
 * this browser until saved.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useFormik } from 'formik';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { listPlaces, listTaskTypes, patchTask, publishTask, putTaskProducts, unpublishTask } from '#contracts/api/authoring';
import { createTask } from '#contracts/api/staff';
import { formatMoney, isAmount, typedAmount } from '#domain/money';
import { getSession } from '../session';
import { StaffApiError, staffCall, useStaffQuery } from '../api';
import { useDraft } from '../drafts';
import { LoadFailure, Loading, WriteFailure } from './LoadState';
import { MarketBadges } from './MarketBadges';
import { MARKET_CURRENCY, MARKET_TIME_ZONE, isMarket, type CountryCode } from './markets';
import { ProductListEditor } from './ProductListEditor';
import { toProductInputs } from './productList';
import { taskSchema } from './schemas';
import { productsChanged, serverFieldErrors, toCreateTaskBody, toPatchTaskBody, emptyTaskForm, type TaskFormValues } from './taskForm';
import { useAuthoringTask } from './useAuthoringTask';
import { useFieldWords } from './useFieldWords';
import { useFocusFirstInvalid } from './useFocusFirstInvalid';
import './authoring.css';

export default function TaskScreen() {
  const { id } = useParams();
  if (id === undefined || id === 'new') return <TaskForm saved={null} taskId={null} />;
  return <ExistingTask id={id} />;
}

function ExistingTask({ id }: { id: string }) {
  const task = useAuthoringTask(id);
  if (task.error) return <LoadFailure error={task.error} onRetry={task.reload} />;
  if (!task.data) return <Loading />;
  return <TaskForm key={task.version} saved={task.data.values} taskId={task.data.id} reserved={task.data.reserved} placeLabel={task.data.placeLabel} onSaved={task.reload} />;
}

interface TaskFormProps {
  /** The saved task's values (null: a new task). */
  saved: TaskFormValues | null;
  taskId: string | null;
  reserved?: boolean;
  placeLabel?: string;
  onSaved?: () => void;
}

interface Refusal {
  code: string;
  message: string;
}

function TaskForm({ saved, taskId, reserved = false, placeLabel, onSaved }: TaskFormProps) {
  const { t, i18n } = useLingui();
  const words = useFieldWords();
  const navigate = useNavigate();
  const initial = useMemo(() => saved ?? emptyTaskForm(), [saved]);
  const [draft, setDraft, clearDraft] = useDraft<TaskFormValues>(`authoring:task:${taskId ?? 'new'}`, initial);
  const [failure, setFailure] = useState<unknown>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [placeQuery, setPlaceQuery] = useState('');

  // Reviewers open tasks here too (from the task list) to read them; only authors change them,
  // and only they may list task types and places (the server refuses the others).
  const canAuthor = getSession()?.staff.roles.includes('author') ?? false;
  const types = useStaffQuery(listTaskTypes, canAuthor ? {} : null);
  const places = useStaffQuery(listPlaces, canAuthor ? { query: { q: placeQuery.trim() || undefined } } : null);

  const formik = useFormik<TaskFormValues>({
    initialValues: draft,
    validationSchema: taskSchema,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      setRefusal(null);
      setDone(null);
      try {
        if (taskId === null) {
          const created = await staffCall(createTask, { body: toCreateTaskBody(values) });
          clearDraft();
          void navigate(`/staff/tasks/${encodeURIComponent(created.id)}`, { replace: true });
          return;
        }
        const base = saved ?? emptyTaskForm();
        const patch = toPatchTaskBody(base, values);
        if (Object.keys(patch).length > 0) await staffCall(patchTask, { params: { id: taskId }, body: patch });
        if (productsChanged(base.products, values.products)) {
          await staffCall(putTaskProducts, { params: { id: taskId }, body: { products: toProductInputs(values.products) } });
        }
        clearDraft();
        setDone(t`Saved.`);
        onSaved?.();
      } catch (e) {
        if (e instanceof StaffApiError && e.fields) helpers.setErrors(serverFieldErrors(e.fields));
        if (e instanceof StaffApiError && e.status === 420) setRefusal({ code: e.code, message: e.message });
        else setFailure(e);
      }
    },
  });
  const { values } = formik;
  const formRef = useFocusFirstInvalid(formik.submitCount, formik.isSubmitting);

  const change = (patch: Partial<TaskFormValues>) => {
    const next = { ...values, ...patch };
    void formik.setValues(next);
    setDraft(next);
  };
  const errorOf = (name: keyof TaskFormValues): string | undefined => {
    const code = formik.errors[name];
    return (formik.submitCount > 0 || formik.touched[name]) && typeof code === 'string' ? words(code) : undefined;
  };
  const input = (name: 'title' | 'windowStart' | 'windowEnd' | 'reward' | 'bonusReward' | 'expectedDuration' | 'descriptiveComment') => ({
    id: `task-${name}`,
    name,
    value: values[name],
    onBlur: formik.handleBlur,
    'aria-invalid': errorOf(name) ? true : undefined,
    'aria-describedby': errorOf(name) ? `task-${name}-error` : undefined,
    onChange: (e: { target: { value: string } }) => change({ [name]: e.target.value }),
  });
  const fieldError = (name: keyof TaskFormValues) =>
    errorOf(name) ? (
      <span id={`task-${name}-error`} className="field-error">
        {errorOf(name)}
      </span>
    ) : null;

  const market: CountryCode | null = values.country === '' ? null : values.country;
  const type = (types.data?.data ?? []).find((x) => x.id === values.taskTypeId);
  const typeComplete = (type?.completeMarkets ?? []).filter(isMarket);
  const typeBlocked = market !== null && type !== undefined && !typeComplete.includes(market);
  const currency = market ? MARKET_CURRENCY[market] : null;
  const preview = (amount: string) => (currency && isAmount(typedAmount(amount)) ? formatMoney({ amount: typedAmount(amount), currencyCode: currency }, i18n.locale) : null);
  const locked = !canAuthor || (taskId !== null && reserved);

  const setPublished = async (publish: boolean) => {
    if (taskId === null) return change({ published: publish });
    setPublishing(true);
    setFailure(null);
    setRefusal(null);
    try {
      await staffCall(publish ? publishTask : unpublishTask, { params: { id: taskId } });
      onSaved?.();
    } catch (e) {
      if (e instanceof StaffApiError && e.status === 420) setRefusal({ code: e.code, message: e.message });
      else setFailure(e);
    } finally {
      setPublishing(false);
    }
  };

  const placeMatches = useMemo(() => (places.data?.data ?? []).slice(0, 8), [places.data]);

  return (
    <form className="authoring-page" ref={formRef} onSubmit={formik.handleSubmit} noValidate>
      <div className="authoring-head">
        <h1>{taskId === null ? <Trans>New task</Trans> : <Trans>Edit task</Trans>}</h1>
        <Link to="/staff/tasks" className="btn btn-text">
          <Trans>Back to tasks</Trans>
        </Link>
      </div>

      {!canAuthor ? (
        <p className="alert alert-info" role="status">
          <Trans>You can read this task; changing it needs the author role.</Trans>
        </p>
      ) : locked ? (
        <p className="alert alert-info" role="status">
          <Trans>A tasker has reserved this task: its window, reward and texts can no longer change.</Trans>
        </p>
      ) : null}

      <section className="card stack" aria-labelledby="task-where">
        <h2 id="task-where">
          <Trans>Place and type</Trans>
        </h2>
        <div className="authoring-grid">
          <div className="field">
            <label htmlFor="task-place-search">
              <Trans>Place</Trans>
            </label>
            {taskId !== null ? (
              <span>{values.placeLabel || placeLabel || values.placeId}</span>
            ) : (
              <>
                {values.placeId !== '' && (
                  <span className="authoring-row">
                    <strong>{values.placeLabel || placeLabel || values.placeId}</strong>
                    {market && <span className="chip">{market}</span>}
                    <button type="button" className="btn btn-text" onClick={() => change({ placeId: '', placeLabel: '', country: '' })}>
                      <Trans>Change</Trans>
                    </button>
                  </span>
                )}
                {values.placeId === '' && (
                  <>
                    <input
                      id="task-place-search"
                      type="search"
                      value={placeQuery}
                      placeholder={t`Search by title, address or city`}
                      aria-invalid={errorOf('placeId') ? true : undefined}
                      onChange={(e) => setPlaceQuery(e.target.value)}
                    />
                    {places.error ? (
                      <LoadFailure error={places.error} onRetry={places.reload} />
                    ) : placeMatches.length === 0 && !places.loading ? (
                      <span className="muted">
                        <Trans>No place matches.</Trans> <Link to="/staff/places">{t`Add a place`}</Link>
                      </span>
                    ) : (
                      <ul className="authoring-choices" aria-label={t`Matching places`}>
                        {placeMatches.map((p) => (
                          <li key={p.id}>
                            <button
                              type="button"
                              onClick={() => {
                                change({ placeId: p.id, placeLabel: `${p.title} — ${p.address}, ${p.city}`, country: isMarket(p.countryCode) ? p.countryCode : '' });
                              }}
                            >
                              {p.title} — {p.address}, {p.city} ({p.countryCode})
                            </button>
                          </li>
                        ))}
                      </ul>
                    )}
                  </>
                )}
                {fieldError('placeId')}
              </>
            )}
          </div>
          <div className="field">
            <label htmlFor="task-type">
              <Trans>Task type</Trans>
            </label>
            {taskId !== null ? (
              <span>{type?.title ?? values.taskTypeId}</span>
            ) : (
              <select id="task-type" value={values.taskTypeId} aria-invalid={errorOf('taskTypeId') ? true : undefined} onChange={(e) => change({ taskTypeId: e.target.value })}>
                <option value="">{t`Choose a type`}</option>
                {(types.data?.data ?? []).map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.title}
                  </option>
                ))}
              </select>
            )}
            {fieldError('taskTypeId')}
            {type && (
              <span className="authoring-row">
                <MarketBadges complete={typeComplete} />
                <Link to={`/staff/task-types/${encodeURIComponent(type.id)}`}>{t`Open the type`}</Link>
              </span>
            )}
          </div>
        </div>
        {typeBlocked && market && (
          <p className="alert alert-warning" role="status">
            <Trans>
              This type's checklist is not complete in the language of {market}: the task cannot be published there until it is.{' '}
              <Link to={`/staff/task-types/${encodeURIComponent(values.taskTypeId)}`}>Complete the translations</Link>
            </Trans>
          </p>
        )}
      </section>

      <section className="card stack" aria-labelledby="task-what">
        <h2 id="task-what">
          <Trans>Task</Trans>
        </h2>
        <div className="authoring-grid">
          <div className="field field--wide">
            <label htmlFor="task-title">
              <Trans>Title</Trans>
            </label>
            <input {...input('title')} disabled={locked} placeholder={t`Default: the task type's name`} />
            {fieldError('title')}
          </div>
          <div className="field">
            <label htmlFor="task-windowStart">
              <Trans>Window start</Trans>
            </label>
            <input {...input('windowStart')} type="datetime-local" disabled={locked || !market} />
            {fieldError('windowStart')}
          </div>
          <div className="field">
            <label htmlFor="task-windowEnd">
              <Trans>Window end</Trans>
            </label>
            <input {...input('windowEnd')} type="datetime-local" disabled={locked || !market} />
            {fieldError('windowEnd')}
          </div>
          <p className="field-hint field--wide">
            {market ? <Trans>Times are local to the store: {MARKET_TIME_ZONE[market]}.</Trans> : <Trans>Choose the place first: the window is in its market's time zone.</Trans>}
          </p>
          <div className="field">
            <label htmlFor="task-reward">
              <Trans>Reward {currency ?? ''}</Trans>
            </label>
            <input {...input('reward')} inputMode="decimal" disabled={locked} placeholder="12.50" />
            {fieldError('reward') ?? (preview(values.reward) && <span className="field-hint">{preview(values.reward)}</span>)}
          </div>
          <div className="field">
            <label htmlFor="task-bonusReward">
              <Trans>Bonus {currency ?? ''}</Trans>
            </label>
            <input {...input('bonusReward')} inputMode="decimal" disabled={locked} placeholder="0.00" />
            {fieldError('bonusReward') ?? (preview(values.bonusReward) && <span className="field-hint">{preview(values.bonusReward)}</span>)}
          </div>
          <div className="field">
            <label htmlFor="task-expectedDuration">
              <Trans>Expected duration (minutes)</Trans>
            </label>
            <input {...input('expectedDuration')} inputMode="numeric" disabled={locked} />
            {fieldError('expectedDuration')}
          </div>
          <div className="field field--wide">
            <label htmlFor="task-descriptiveComment">
              <Trans>Comment for the tasker</Trans>
            </label>
            <textarea {...input('descriptiveComment')} rows={3} disabled={locked} />
            {fieldError('descriptiveComment')}
          </div>
        </div>
      </section>

      <section className="card stack" aria-labelledby="task-products">
        <h2 id="task-products">
          <Trans>Product list</Trans>
        </h2>
        <ProductListEditor rows={values.products} onChange={(products) => change({ products })} showAllErrors={formik.submitCount > 0} disabled={locked} />
      </section>

      <section className="card stack" aria-labelledby="task-publish">
        <h2 id="task-publish">
          <Trans>Publishing</Trans>
        </h2>
        {taskId === null ? (
          <label className="check-row">
            <input type="checkbox" checked={values.published} onChange={(e) => change({ published: e.target.checked })} />
            <Trans>Publish at once (taskers of the market see it)</Trans>
          </label>
        ) : (
          <div className="authoring-row">
            <span>{saved?.published ? <Trans>Published: taskers of the market see it.</Trans> : <Trans>Not published: taskers do not see it.</Trans>}</span>
            <button type="button" className="btn btn-secondary" disabled={publishing || !canAuthor} onClick={() => void setPublished(!saved?.published)}>
              {saved?.published ? <Trans>Unpublish</Trans> : <Trans>Publish</Trans>}
            </button>
          </div>
        )}
      </section>

      {refusal && (
        <div className="alert alert-error" role="alert">
          <p>{refusal.message}</p>
          {refusal.code === 'CHECKLIST_TRANSLATION_MISSING' && values.taskTypeId !== '' && (
            <p>
              <Link to={`/staff/task-types/${encodeURIComponent(values.taskTypeId)}`}>
                <Trans>Open the task type to add the missing texts</Trans>
              </Link>
            </p>
          )}
        </div>
      )}
      <WriteFailure error={failure} />
      {done && (
        <p className="alert alert-info" role="status">
          {done}
        </p>
      )}

      <div className="authoring-sticky-actions">
        {formik.submitCount > 0 && Object.keys(formik.errors).length > 0 && (
          <span className="field-error" role="alert">
            <Trans>Some fields need attention.</Trans>
          </span>
        )}
        {formik.dirty && canAuthor && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              clearDraft();
              formik.resetForm({ values: initial });
            }}
          >
            <Trans>Discard changes</Trans>
          </button>
        )}
        <button type="submit" className="btn" disabled={formik.isSubmitting || locked}>
          {formik.isSubmitting ? <Trans>Saving…</Trans> : taskId === null ? <Trans>Create task</Trans> : <Trans>Save</Trans>}
        </button>
      </div>
    </form>
  );
}
