/**
 * /staff/task-types/new and /staff/task-types/:id: a task type's name per language and its
 * checklist template (ChecklistEditor). A summary says for which markets the texts are complete
 * (and so where the type's tasks can be published); saving with texts missing is allowed — they
 * only block publishing in the markets that read that language. The form is kept as a draft in
 * this browser until saved.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useFormik } from 'formik';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { createTaskType, getTaskType, putTaskTypeChecklist } from '#contracts/api/authoring';
import { StaffApiError, staffCall, useStaffQuery } from '../api';
import { useDraft } from '../drafts';
import { ChecklistEditor } from './ChecklistEditor';
import { emptyTemplateForm, fromWireItem, fromWireTypeTexts, marketCompleteness, missingTexts, toWireItem, toWireTypeTexts, type TemplateForm } from './checklistTemplate';
import { LoadFailure, Loading, WriteFailure } from './LoadState';
import { MarketBadges } from './MarketBadges';
import { LOCALES, MARKETS } from './markets';
import { nestFieldErrors, templateSchema } from './schemas';
import { useFocusFirstInvalid } from './useFocusFirstInvalid';
import './authoring.css';

export default function TaskTypeScreen() {
  const { id } = useParams();
  const isNew = id === undefined || id === 'new';
  if (isNew) return <TaskTypeForm saved={null} typeId={null} />;
  return <ExistingTaskType id={id} />;
}

function ExistingTaskType({ id }: { id: string }) {
  const type = useStaffQuery(getTaskType, { params: { id } });
  const saved = useMemo<TemplateForm | null>(
    () => (type.data ? { texts: fromWireTypeTexts(type.data.texts), items: type.data.checklist.map((item) => fromWireItem(item)) } : null),
    [type.data],
  );
  if (type.error) return <LoadFailure error={type.error} onRetry={type.reload} />;
  if (!saved) return <Loading />;
  return <TaskTypeForm key={JSON.stringify(saved)} saved={saved} typeId={id} onSaved={type.reload} />;
}

function TaskTypeForm({ saved, typeId, onSaved }: { saved: TemplateForm | null; typeId: string | null; onSaved?: () => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const initial = useMemo(() => saved ?? emptyTemplateForm(), [saved]);
  const [draft, setDraft, clearDraft] = useDraft<TemplateForm>(`authoring:task-type:${typeId ?? 'new'}`, initial);
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState(false);

  const formik = useFormik<TemplateForm>({
    initialValues: draft,
    validationSchema: templateSchema,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      setDone(false);
      const texts = toWireTypeTexts(values.texts);
      const items = values.items.map(toWireItem);
      try {
        if (typeId === null) {
          const created = await staffCall(createTaskType, { body: { texts, checklist: items } });
          clearDraft();
          void navigate(`/staff/task-types/${encodeURIComponent(created.id)}`, { replace: true });
          return;
        }
        await staffCall(putTaskTypeChecklist, { params: { id: typeId }, body: { texts, items } });
        clearDraft();
        setDone(true);
        onSaved?.();
      } catch (e) {
        if (e instanceof StaffApiError && e.fields) helpers.setErrors(nestFieldErrors(e.fields));
        setFailure(e);
      }
    },
  });

  // Every change goes to the draft, so nothing typed is lost to a closed tab or a failed save.
  const values = formik.values;
  const formRef = useFocusFirstInvalid(formik.submitCount, formik.isSubmitting);
  const dirty = formik.dirty;
  useEffect(() => {
    if (dirty) setDraft(values);
  }, [values, dirty, setDraft]);

  const complete = marketCompleteness(values);
  const completeMarkets = MARKETS.filter((m) => complete[m]);
  const missing = missingTexts(values);
  const missingByLocale = LOCALES.map((l) => [l, missing.filter((m) => m.locale === l).length] as const).filter(([, n]) => n > 0);
  const title = values.texts.en.title.trim() || (typeId === null ? t`New task type` : t`Task type`);

  return (
    <form className="authoring-page" ref={formRef} onSubmit={formik.handleSubmit} noValidate>
      <div className="authoring-head">
        <h1>{title}</h1>
        <Link to="/staff/task-types" className="btn btn-text">
          <Trans>Back to task types</Trans>
        </Link>
      </div>

      <section className="card stack" aria-live="polite">
        <div className="authoring-row">
          <strong>
            <Trans>Texts per market:</Trans>
          </strong>
          <MarketBadges complete={completeMarkets} />
        </div>
        {missingByLocale.length === 0 ? (
          <p className="muted">
            <Trans>Every text exists in every language: tasks of this type can be published in every market.</Trans>
          </p>
        ) : (
          <ul>
            {missingByLocale.map(([locale, n]) => (
              <li key={locale}>
                <code>{locale}</code>: <Plural value={n} one="# text missing" other="# texts missing" />
              </li>
            ))}
          </ul>
        )}
      </section>

      <ChecklistEditor formik={formik} disabled={formik.isSubmitting} />

      <WriteFailure error={failure} />
      {done && (
        <p className="alert alert-info" role="status">
          <Trans>Saved. New tasks of this type get this checklist.</Trans>
        </p>
      )}

      <div className="authoring-sticky-actions">
        {formik.submitCount > 0 && Object.keys(formik.errors).length > 0 && (
          <span className="field-error" role="alert">
            <Trans>Some fields need attention.</Trans>
          </span>
        )}
        {formik.dirty && (
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
        <button type="submit" className="btn" disabled={formik.isSubmitting}>
          {formik.isSubmitting ? <Trans>Saving…</Trans> : typeId === null ? <Trans>Create task type</Trans> : <Trans>Save</Trans>}
        </button>
      </div>
    </form>
  );
}
