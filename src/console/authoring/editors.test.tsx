import { useFormik } from 'formik';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish, renderMarkup } from '../../test-support/renderMarkup';
import { ChecklistEditor } from './ChecklistEditor';
import { emptyTemplateForm, newTemplateItem, type TemplateForm } from './checklistTemplate';
import { MarketBadges } from './MarketBadges';
import { ProductListEditor } from './ProductListEditor';

beforeAll(activateEnglish);

function Editor({ form }: { form: TemplateForm }) {
  const formik = useFormik<TemplateForm>({ initialValues: form, onSubmit: () => undefined });
  return <ChecklistEditor formik={formik} />;
}

describe('the authoring editors', () => {
  it('mark a product row whose EAN fails the check digit, and leave a valid one alone', () => {
    const html = renderMarkup(
      <ProductListEditor
        rows={[
          { key: 'a', ean: '4006381333931', name: 'Milk', expectedFacings: '2' },
          { key: 'b', ean: '4006381333932', name: 'Bread', expectedFacings: '' },
        ]}
        onChange={() => undefined}
      />,
    );
    expect(html.match(/<tr class="is-invalid">/g)).toHaveLength(1);
    expect(html).toMatch(/<input[^>]*aria-label="EAN of product 2"[^>]*aria-invalid="true"[^>]*value="4006381333932"/);
    expect(html).not.toMatch(/<input[^>]*aria-label="EAN of product 1"[^>]*aria-invalid/);
    expect(html).toContain('Not a valid EAN');
    expect(html).toContain('1 product is not valid');
  });

  it('highlight each missing language with the markets it blocks', () => {
    const form = emptyTemplateForm();
    form.items = [newTemplateItem('plain')];
    form.texts.en.title = 'Shelf check';
    form.texts.lt.title = 'Lentynos patikra';
    form.items[0]!.texts.en.title = 'Tick';
    form.items[0]!.texts.lt.title = 'Pažymėkite';
    const html = renderMarkup(<Editor form={form} />);
    // Type name and the one item: lt and en complete in both; pl, cs, ro missing in both.
    expect(html.match(/class="authoring-lang is-missing" lang="pl"/g)).toHaveLength(2);
    expect(html.match(/class="authoring-lang is-missing" lang="lt"/g)).toBeNull();
    expect(html).toContain('Missing: blocks publishing in CZ');
    expect(html).toContain('Missing: blocks publishing in RO');
  });

  it('badge the markets whose language is complete', () => {
    const html = renderMarkup(<MarketBadges complete={['LT']} />);
    expect(html.match(/authoring-badge--ok/g)).toHaveLength(1);
    expect(html.match(/authoring-badge--missing/g)).toHaveLength(3);
  });
});
