/**
 * The product list of a task: a table of EAN, name and expected facings, each EAN checked as it
 * is typed with the domain's GS1 rule, and a box to paste many codes at once (a column copied
 * from a spreadsheet, or codes separated by spaces). Rows are the caller's state (the form's).
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import { emptyProductRow, isBlankProductRow, productListErrors, rowsFromPaste, type ProductRow } from './productList';
import { useFieldWords } from './useFieldWords';

export interface ProductListEditorProps {
  rows: ProductRow[];
  onChange: (rows: ProductRow[]) => void;
  /** Show every row's errors (after a submit), not only those of rows already typed in. */
  showAllErrors?: boolean;
  disabled?: boolean;
}

export function ProductListEditor({ rows, onChange, showAllErrors = false, disabled = false }: ProductListEditorProps) {
  const { t } = useLingui();
  const words = useFieldWords();
  const pasteId = useId();
  const [paste, setPaste] = useState('');
  const [pasteAdded, setPasteAdded] = useState<number | null>(null);
  const errors = useMemo(() => productListErrors(rows.filter((r) => !isBlankProductRow(r))), [rows]);
  const invalid = Object.keys(errors).length;

  const update = (key: string, patch: Partial<ProductRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const remove = (key: string) => onChange(rows.filter((r) => r.key !== key));
  const addPasted = () => {
    const added = rowsFromPaste(paste, rows);
    onChange([...rows.filter((r) => !isBlankProductRow(r)), ...added]);
    setPasteAdded(added.length);
    setPaste('');
  };

  return (
    <div className="authoring-products">
      {rows.length === 0 ? (
        <p className="muted">
          <Trans>No products yet. Without a product list every scan is "not on the task's product list".</Trans>
        </p>
      ) : (
        <table className="authoring-table authoring-products__table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>EAN</Trans>
              </th>
              <th scope="col">
                <Trans>Name</Trans>
              </th>
              <th scope="col">
                <Trans>Expected facings</Trans>
              </th>
              <th scope="col">
                <span className="visually-hidden">
                  <Trans>Remove</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const e = errors[row.key];
              const typed = !isBlankProductRow(row);
              const show = (field: 'ean' | 'name' | 'expectedFacings') => (e && (showAllErrors || (typed && (field !== 'name' || row.ean.trim() !== '')))) ? words(e[field]) : undefined;
              const eanError = show('ean');
              const nameError = show('name');
              const facingsError = show('expectedFacings');
              return (
                <tr key={row.key} className={e && typed ? 'is-invalid' : undefined}>
                  <td>
                    <input
                      value={row.ean}
                      inputMode="numeric"
                      autoComplete="off"
                      spellCheck={false}
                      disabled={disabled}
                      aria-label={t`EAN of product ${i + 1}`}
                      aria-invalid={eanError ? true : undefined}
                      onChange={(ev) => update(row.key, { ean: ev.target.value })}
                    />
                    {eanError && <span className="field-error">{eanError}</span>}
                  </td>
                  <td>
                    <input
                      value={row.name}
                      disabled={disabled}
                      aria-label={t`Name of product ${i + 1}`}
                      aria-invalid={nameError ? true : undefined}
                      onChange={(ev) => update(row.key, { name: ev.target.value })}
                    />
                    {nameError && <span className="field-error">{nameError}</span>}
                  </td>
                  <td>
                    <input
                      value={row.expectedFacings}
                      inputMode="numeric"
                      className="authoring-products__facings"
                      disabled={disabled}
                      aria-label={t`Expected facings of product ${i + 1}`}
                      aria-invalid={facingsError ? true : undefined}
                      onChange={(ev) => update(row.key, { expectedFacings: ev.target.value })}
                    />
                    {facingsError && <span className="field-error">{facingsError}</span>}
                  </td>
                  <td>
                    <button type="button" className="btn btn-text" disabled={disabled} onClick={() => remove(row.key)}>
                      <Trans>Remove</Trans>
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <div className="authoring-row">
        <button type="button" className="btn btn-secondary" disabled={disabled} onClick={() => onChange([...rows, emptyProductRow()])}>
          <Trans>Add a product</Trans>
        </button>
        {invalid > 0 && (
          <span className="field-error" role="status">
            <Plural value={invalid} one="# product is not valid" other="# products are not valid" />
          </span>
        )}
      </div>
      <div className="field">
        <label htmlFor={pasteId}>
          <Trans>Paste many products</Trans>
        </label>
        <textarea
          id={pasteId}
          rows={3}
          value={paste}
          disabled={disabled}
          placeholder={t`One per line: EAN, name, facings (or only EANs, separated by spaces)`}
          onChange={(e) => {
            setPaste(e.target.value);
            setPasteAdded(null);
          }}
        />
        <div className="authoring-row">
          <button type="button" className="btn btn-secondary" disabled={disabled || paste.trim() === ''} onClick={addPasted}>
            <Trans>Add pasted products</Trans>
          </button>
          {pasteAdded !== null && (
            <span className="muted" role="status">
              <Plural value={pasteAdded} one="# product added" other="# products added" />
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
