/**
 * The editor of a task type's texts and checklist template: the type's title and short
 * description, then each checklist item (its kind, whether optional, its photo tags or link
 * address) with its title and description in the five languages side by side. A missing text is
 * highlighted with the markets it blocks; English is required (the reference for translators).
 * The form state is the caller's Formik form over a TemplateForm.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormikProps } from 'formik';
import { getIn } from 'formik';
import type { ReactNode } from 'react';
import { CHECKLIST_ITEM_TYPES, PHOTO_TAGS, blockedMarkets, canAutoToggle, hasPhotoTags, newTemplateItem, type ChecklistItemType, type PhotoTag, type TemplateForm, type TemplateItem } from './checklistTemplate';
import { LOCALES, type Locale } from './markets';
import { useFieldWords } from './useFieldWords';

function useNames() {
  const { t } = useLingui();
  const locale: Record<Locale, string> = { en: t`English`, lt: t`Lithuanian`, pl: t`Polish`, cs: t`Czech`, ro: t`Romanian` };
  const itemType: Record<ChecklistItemType, string> = {
    camera: t`Photo`,
    scanner: t`Product scan`,
    defects: t`Defects`,
    link: t`Link`,
    plain: t`Tick only`,
  };
  const tag: Record<PhotoTag, string> = {
    before: t`Before`,
    after: t`After`,
    out_of_stock: t`Out of stock`,
    defect: t`Defect`,
    task_blocker: t`Task blocker`,
  };
  return { locale, itemType, tag };
}

/** One language's column: its name, what is missing and which markets that blocks. */
function LangColumn({ locale, missing, children }: { locale: Locale; missing: boolean; children: ReactNode }) {
  const names = useNames();
  const blocks = blockedMarkets(locale);
  return (
    <div className={`authoring-lang${missing ? ' is-missing' : ''}`} lang={locale}>
      <div className="authoring-lang__name">
        <span>{names.locale[locale]}</span>
        <span className="muted">{locale}</span>
      </div>
      {children}
      {missing && (
        <span className="authoring-lang__blocks">
          {blocks.length > 0 ? <Trans>Missing: blocks publishing in {blocks.join(', ')}</Trans> : <Trans>Required</Trans>}
        </span>
      )}
    </div>
  );
}

export function ChecklistEditor({ formik, disabled = false }: { formik: FormikProps<TemplateForm>; disabled?: boolean }) {
  const { t } = useLingui();
  const names = useNames();
  const words = useFieldWords();
  const { values, setFieldValue } = formik;
  const errorAt = (path: string): string | undefined => {
    const code = getIn(formik.errors, path) as unknown;
    const shown = formik.submitCount > 0 || Boolean(getIn(formik.touched, path));
    return shown && typeof code === 'string' ? words(code) : undefined;
  };

  const setItems = (items: TemplateItem[]) => void setFieldValue('items', items);
  const updateItem = (index: number, patch: Partial<TemplateItem>) => setItems(values.items.map((it, i) => (i === index ? { ...it, ...patch } : it)));
  const move = (index: number, by: -1 | 1) => {
    const items = [...values.items];
    const [item] = items.splice(index, 1);
    if (!item) return;
    items.splice(index + by, 0, item);
    setItems(items);
  };

  return (
    <div className="stack">
      <section className="card stack" aria-labelledby="type-texts">
        <h2 id="type-texts">
          <Trans>Task type name</Trans>
        </h2>
        <div className="authoring-langs">
          {LOCALES.map((locale) => {
            const missing = values.texts[locale].title.trim() === '';
            const titleError = errorAt(`texts.${locale}.title`);
            return (
              <LangColumn key={locale} locale={locale} missing={missing}>
                <input
                  name={`texts.${locale}.title`}
                  value={values.texts[locale].title}
                  disabled={disabled}
                  placeholder={t`Name`}
                  aria-label={t`Name in ${names.locale[locale]}`}
                  aria-invalid={titleError ? true : undefined}
                  onChange={formik.handleChange}
                  onBlur={formik.handleBlur}
                />
                {titleError && <span className="field-error">{titleError}</span>}
                <textarea
                  name={`texts.${locale}.shortDescription`}
                  value={values.texts[locale].shortDescription}
                  disabled={disabled}
                  placeholder={t`Short description (optional)`}
                  aria-label={t`Short description in ${names.locale[locale]}`}
                  onChange={formik.handleChange}
                  onBlur={formik.handleBlur}
                />
              </LangColumn>
            );
          })}
        </div>
      </section>

      <section className="stack" aria-labelledby="checklist-items">
        <h2 id="checklist-items">
          <Trans>Checklist</Trans>
        </h2>
        {typeof formik.errors.items === 'string' && formik.submitCount > 0 && (
          <p className="field-error" role="alert">
            {words(formik.errors.items)}
          </p>
        )}
        {values.items.map((item, index) => {
          const tagsError = errorAt(`items.${index}.tags`);
          const targetError = errorAt(`items.${index}.target`);
          return (
            <fieldset key={item.key} className="card authoring-item">
              <legend className="visually-hidden">
                <Trans>Item {index + 1}</Trans>
              </legend>
              <div className="authoring-item__head">
                <strong>{index + 1}.</strong>
                <div className="field">
                  <label htmlFor={`${item.key}-type`}>
                    <Trans>Kind</Trans>
                  </label>
                  <select
                    id={`${item.key}-type`}
                    value={item.type}
                    disabled={disabled}
                    onChange={(e) => {
                      const type = e.target.value as ChecklistItemType;
                      updateItem(index, { type, tags: type === 'camera' && item.tags.length === 0 ? ['before'] : item.tags, isAutoToggle: type === 'camera' || type === 'scanner' });
                    }}
                  >
                    {CHECKLIST_ITEM_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {names.itemType[type]}
                      </option>
                    ))}
                  </select>
                </div>
                <label className="check-row">
                  <input type="checkbox" checked={item.isOptional} disabled={disabled} onChange={(e) => updateItem(index, { isOptional: e.target.checked })} />
                  <Trans>Optional</Trans>
                </label>
                {canAutoToggle(item.type) && (
                  <label className="check-row">
                    <input type="checkbox" checked={item.isAutoToggle} disabled={disabled} onChange={(e) => updateItem(index, { isAutoToggle: e.target.checked })} />
                    <Trans>Ticked when its work is recorded</Trans>
                  </label>
                )}
                <span className="authoring-actions" style={{ marginLeft: 'auto' }}>
                  <button type="button" className="btn btn-text" disabled={disabled || index === 0} onClick={() => move(index, -1)} aria-label={t`Move item ${index + 1} up`}>
                    ↑
                  </button>
                  <button type="button" className="btn btn-text" disabled={disabled || index === values.items.length - 1} onClick={() => move(index, 1)} aria-label={t`Move item ${index + 1} down`}>
                    ↓
                  </button>
                  <button type="button" className="btn btn-text" disabled={disabled} onClick={() => setItems(values.items.filter((_, i) => i !== index))}>
                    <Trans>Remove</Trans>
                  </button>
                </span>
              </div>

              {hasPhotoTags(item.type) && (
                <div role="group" aria-label={t`Photo tags`}>
                  <div className="authoring-tags">
                    <span className="muted">
                      <Trans>Photo tags:</Trans>
                    </span>
                    {PHOTO_TAGS.map((tag) => (
                      <label key={tag} className="check-row">
                        <input
                          type="checkbox"
                          checked={item.tags.includes(tag)}
                          disabled={disabled}
                          onChange={(e) => updateItem(index, { tags: e.target.checked ? [...item.tags, tag] : item.tags.filter((x) => x !== tag) })}
                        />
                        {names.tag[tag]}
                      </label>
                    ))}
                  </div>
                  {tagsError && <span className="field-error">{tagsError}</span>}
                </div>
              )}
              {item.type === 'link' && (
                <div className="field">
                  <label htmlFor={`${item.key}-target`}>
                    <Trans>Address the link opens</Trans>
                  </label>
                  <input
                    id={`${item.key}-target`}
                    name={`items.${index}.target`}
                    type="url"
                    value={item.target}
                    disabled={disabled}
                    placeholder="https://"
                    aria-invalid={targetError ? true : undefined}
                    onChange={formik.handleChange}
                    onBlur={formik.handleBlur}
                  />
                  {targetError && <span className="field-error">{targetError}</span>}
                </div>
              )}

              <div className="authoring-langs">
                {LOCALES.map((locale) => {
                  const text = item.texts[locale];
                  const titleError = errorAt(`items.${index}.texts.${locale}.title`);
                  return (
                    <LangColumn key={locale} locale={locale} missing={text.title.trim() === ''}>
                      <input
                        name={`items.${index}.texts.${locale}.title`}
                        value={text.title}
                        disabled={disabled}
                        placeholder={t`Title`}
                        aria-label={t`Item ${index + 1} title in ${names.locale[locale]}`}
                        aria-invalid={titleError ? true : undefined}
                        onChange={formik.handleChange}
                        onBlur={formik.handleBlur}
                      />
                      {titleError && <span className="field-error">{titleError}</span>}
                      <textarea
                        name={`items.${index}.texts.${locale}.description`}
                        value={text.description}
                        disabled={disabled}
                        placeholder={t`Description (optional)`}
                        aria-label={t`Item ${index + 1} description in ${names.locale[locale]}`}
                        onChange={formik.handleChange}
                        onBlur={formik.handleBlur}
                      />
                    </LangColumn>
                  );
                })}
              </div>
            </fieldset>
          );
        })}
        <div className="authoring-row">
          <span className="muted">
            <Trans>Add an item:</Trans>
          </span>
          {CHECKLIST_ITEM_TYPES.map((type) => (
            <button key={type} type="button" className="btn btn-secondary" disabled={disabled} onClick={() => setItems([...values.items, newTemplateItem(type)])}>
              {names.itemType[type]}
            </button>
          ))}
        </div>
      </section>
    </div>
  );
}
