/**
 * /staff/tasks/import: many tasks from one CSV file. The author pastes the text or chooses a file,
 * previews it (the server checks every row and saves nothing), sees each row's errors, and imports
 * only when every row is valid — the server saves all rows or none. The text is kept as a draft
 * until imported, and the import is offered only for the exact text that was previewed.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { importTasks } from '#contracts/api/authoring';
import type { AnswerOf } from '#contracts/api/client';
import { formatMoney } from '#domain/money';
import { staffCall } from '../api';
import { useDraft } from '../drafts';
import { CSV_COLUMNS, CSV_MAX_BYTES, CSV_MAX_ROWS, csvFingerprint, exampleCsv, previewVerdict } from './csvImport';
import { WriteFailure } from './LoadState';
import { MARKET_TIME_ZONE, isMarket } from './markets';
import { useFieldWords } from './useFieldWords';
import './authoring.css';

type ImportAnswer = AnswerOf<typeof importTasks>;

export default function ImportScreen() {
  const { t } = useLingui();
  const fieldWords = useFieldWords();
  // Words for codes whose meaning depends on the column.
  const words = (field: string, code: string) => {
    if (field === 'products' && code === 'NOT_FOUND') return t`An EAN that is not in the product catalog yet: add the product to one task's product list first`;
    if (field === 'placeTitle' && code === 'NOT_FOUND') return t`No place with this title in this city`;
    if (field === 'placeId' && code === 'NOT_FOUND') return fieldWords('PLACE_NOT_FOUND');
    if ((field === 'reward' || field === 'bonusReward') && code === 'INVALID') return fieldWords('AMOUNT_INVALID');
    return fieldWords(code);
  };
  const textId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [csv, setCsv, clearCsv] = useDraft<string>('authoring:import', '');
  const [preview, setPreview] = useState<{ fingerprint: string; answer: ImportAnswer } | null>(null);
  const [result, setResult] = useState<ImportAnswer | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  const fingerprint = useMemo(() => csvFingerprint(csv), [csv]);
  const current = preview && preview.fingerprint === fingerprint ? preview.answer : null;
  const verdict = current ? previewVerdict(current.rows) : null;
  const example = useMemo(() => exampleCsv(), []);

  const chooseFile = async (file: File | undefined) => {
    setFileProblem(null);
    if (!file) return;
    if (file.size > CSV_MAX_BYTES) {
      setFileProblem(t`The file is too large (at most 2 MB).`);
      return;
    }
    setCsv(await file.text());
    setResult(null);
  };

  const run = async (dryRun: boolean) => {
    setBusy(dryRun ? 'preview' : 'import');
    setFailure(null);
    const sent = csv;
    try {
      const answer = await staffCall(importTasks, { body: { csv: sent, dryRun } });
      if (dryRun) setPreview({ fingerprint: csvFingerprint(sent), answer });
      else if (answer.created > 0) {
        setResult(answer);
        setPreview(null);
        clearCsv();
      } else setPreview({ fingerprint: csvFingerprint(sent), answer });
    } catch (e) {
      setFailure(e);
    } finally {
      setBusy(null);
    }
  };

  if (result) {
    const created = result.rows.filter((r) => r.task);
    return (
      <div className="authoring-page">
        <div className="authoring-head">
          <h1>
            <Trans>Import tasks from CSV</Trans>
          </h1>
        </div>
        <p className="alert alert-info" role="status">
          <Plural value={result.created} one="# task imported." other="# tasks imported." />
        </p>
        {created.length > 0 && (
          <div className="authoring-table-wrap">
            <table className="authoring-table">
              <thead>
                <tr>
                  <th scope="col" className="num">
                    <Trans>Line</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Task</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {created.map((r) => (
                  <tr key={r.line}>
                    <td className="num">{r.line}</td>
                    <td>{r.task?.id ? <Link to={`/staff/tasks/${encodeURIComponent(r.task.id)}`}>{r.task.title}</Link> : r.task?.title}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="authoring-row">
          <Link className="btn" to="/staff/tasks">
            <Trans>Back to tasks</Trans>
          </Link>
          <button type="button" className="btn btn-secondary" onClick={() => setResult(null)}>
            <Trans>Import another file</Trans>
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="authoring-page">
      <div className="authoring-head">
        <h1>
          <Trans>Import tasks from CSV</Trans>
        </h1>
        <Link to="/staff/tasks" className="btn btn-text">
          <Trans>Back to tasks</Trans>
        </Link>
      </div>

      <details className="card">
        <summary>
          <Trans>Expected columns and an example</Trans>
        </summary>
        <p>
          <Trans>
            The first line names the columns; one task per line after it, at most {CSV_MAX_ROWS} lines. Name the place by placeId, or by placeTitle and placeCity. Times
            are ISO 8601 with the offset (2026-12-07T09:00:00+02:00); amounts use a point and at most two decimals; products are EANs of products already in the catalog, separated by |; published
            false keeps a task hidden from taskers.
          </Trans>
        </p>
        <ul className="authoring-row">
          {CSV_COLUMNS.map((c) => (
            <li key={c.name} className="chip">
              <code>{c.name}</code>
              {c.required ? <span>*</span> : null}
            </li>
          ))}
        </ul>
        <p className="muted">
          <Trans>* required. A place needs either placeId, or placeTitle with placeCity.</Trans>
        </p>
        <div className="authoring-code">{example}</div>
        <a className="btn btn-text" href={`data:text/csv;charset=utf-8,${encodeURIComponent(example)}`} download="shelfwork-tasks-example.csv">
          <Trans>Download the example</Trans>
        </a>
      </details>

      <div className="field authoring-csv">
        <label htmlFor={textId}>
          <Trans>CSV text</Trans>
        </label>
        <textarea
          id={textId}
          value={csv}
          spellCheck={false}
          placeholder={t`Paste the CSV here, or choose a file`}
          onChange={(e) => {
            setCsv(e.target.value);
            setResult(null);
          }}
        />
        <div className="authoring-row">
          <input ref={fileRef} type="file" accept=".csv,text/csv" className="visually-hidden" onChange={(e) => void chooseFile(e.target.files?.[0])} aria-label={t`Choose a CSV file`} />
          <button type="button" className="btn btn-secondary" onClick={() => fileRef.current?.click()}>
            <Trans>Choose a file</Trans>
          </button>
          {fileProblem && (
            <span className="field-error" role="alert">
              {fileProblem}
            </span>
          )}
        </div>
      </div>

      <div className="authoring-row">
        <button type="button" className="btn" disabled={csv.trim() === '' || busy !== null} onClick={() => void run(true)}>
          {busy === 'preview' ? <Trans>Checking…</Trans> : <Trans>Preview</Trans>}
        </button>
        <button type="button" className="btn" disabled={!verdict?.canImport || busy !== null} onClick={() => void run(false)}>
          {busy === 'import' ? (
            <Trans>Importing…</Trans>
          ) : verdict ? (
            <Plural value={verdict.total} one="Import # task" other="Import # tasks" />
          ) : (
            <Trans>Import</Trans>
          )}
        </button>
        {preview && !current && (
          <span className="muted" role="status">
            <Trans>The text changed since the preview: preview it again.</Trans>
          </span>
        )}
      </div>

      <WriteFailure error={failure} />

      {current && verdict && (
        <section className="stack" aria-labelledby={`${textId}-preview`}>
          <h2 id={`${textId}-preview`}>
            <Trans>Preview</Trans>
          </h2>
          {verdict.canImport ? (
            <p className="alert alert-info" role="status">
              <Plural value={verdict.total} one="The row is valid. Nothing is saved until you import." other="All # rows are valid. Nothing is saved until you import." />
            </p>
          ) : (
            <p className="alert alert-warning" role="status">
              <Plural value={verdict.invalid} one="# row has errors: fix it and preview again. Nothing is imported while a row has errors." other="# rows have errors: fix them and preview again. Nothing is imported while a row has errors." />
            </p>
          )}
          {current.rows.length === 0 ? (
            <p className="muted">
              <Trans>The file has no task rows.</Trans>
            </p>
          ) : (
            <div className="authoring-table-wrap">
              <table className="authoring-table">
                <thead>
                  <tr>
                    <th scope="col" className="num">
                      <Trans>Line</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Status</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Task</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Errors</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {current.rows.map((r) => {
                    const errors = Object.entries(r.errors ?? {});
                    return (
                      <tr key={r.line} className={r.ok && errors.length === 0 ? undefined : 'is-invalid'}>
                        <td className="num">{r.line}</td>
                        <td>{r.ok && errors.length === 0 ? <Trans>Valid</Trans> : <strong><Trans>Error</Trans></strong>}</td>
                        <td>{r.task ? <PreviewTask task={r.task} /> : null}</td>
                        <td>
                          {errors.length > 0 && (
                            <ul className="authoring-errors">
                              {errors.map(([field, code]) => (
                                <li key={field}>
                                  <code>{field}</code>: {words(field, code)}
                                </li>
                              ))}
                            </ul>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

type PreviewTaskShape = NonNullable<ImportAnswer['rows'][number]['task']>;

/** A previewed row's task in one line: title, place, window (store time) and reward as the server read them. */
function PreviewTask({ task }: { task: PreviewTaskShape }) {
  const { i18n } = useLingui();
  const zone = isMarket(task.countryCode) ? MARKET_TIME_ZONE[task.countryCode] : undefined;
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'short', timeZone: zone }).format(new Date(iso));
  return (
    <span>
      <strong>{task.title}</strong> · {task.placeTitle} ({task.countryCode}) · {when(task.timeWindowStart)} – {when(task.timeWindowEnd)} · {formatMoney(task.reward, i18n.locale)}
      {task.bonusReward ? ` + ${formatMoney(task.bonusReward, i18n.locale)}` : ''}
      {task.products.length > 0 ? ` · ${task.products.length} EAN` : ''}
    </span>
  );
}
