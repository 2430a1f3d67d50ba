import type { FormikProps } from 'formik';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish, renderMarkup } from '../test-support/renderMarkup';
import { formikField } from './formikField';
import { SelectField, TextField } from './TextField';

beforeAll(activateEnglish);

describe('TextField', () => {
  it('names the input by its label and leaves it valid without an error', () => {
    const html = renderMarkup(<TextField id="email" label="Email" type="email" value="" onChange={() => undefined} />);
    expect(html).toBe('<div class="field"><label for="email">Email</label><input type="email" id="email" value=""/></div>');
  });

  it('describes the input by its hint and error and marks it invalid', () => {
    const html = renderMarkup(<TextField id="code" label="Code" hint="6 digits" error="Wrong code" errorRole="alert" value="1" onChange={() => undefined} />);
    expect(html).toContain('aria-describedby="code-hint code-error" aria-invalid="true"');
    expect(html).toContain('<span id="code-hint" class="field-hint">6 digits</span>');
    expect(html).toContain('<span id="code-error" class="field-error" role="alert">Wrong code</span>');
  });

  it('gives a generated id to the label and the control when none is given', () => {
    const html = renderMarkup(<TextField label="Facings" value="" onChange={() => undefined} />);
    const id = /<label for="([^"]+)">/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`id="${id}"`);
  });

  it('keeps a live counter on one line that turns into the error', () => {
    const ok = renderMarkup(<TextField multiline label="Why?" live hint="10 characters left" messageClassName="counter" value="" onChange={() => undefined} />);
    expect(ok).toMatch(/<textarea[^>]*aria-describedby="([^"]+)-hint"/);
    expect(ok).toContain('class="field-hint counter" aria-live="polite">10 characters left</span>');
    const tooLong = renderMarkup(<TextField multiline label="Why?" live hint="0 characters left" error="Too long" value="" onChange={() => undefined} />);
    expect(tooLong).toMatch(/<textarea[^>]*aria-describedby="([^"]+)-error" aria-invalid="true"/);
    expect(tooLong).toContain('class="field-error" aria-live="polite">Too long</span>');
    expect(tooLong).not.toContain('0 characters left');
  });

  it('shows how much of a limited text is used, and the limit once it is reached', () => {
    const some = renderMarkup(<TextField multiline id="why" label="Why?" maxLength={2000} value={'x'.repeat(12)} onChange={() => undefined} />);
    expect(some).toMatch(/<textarea[^>]*maxLength="2000"[^>]*aria-describedby="why-counter"/);
    expect(some).toContain('<span id="why-counter" class="field-hint field-counter">12 of 2000 characters</span>');
    // A long paste is cut by the browser at maxLength: the tasker sees that the limit was reached.
    const full = renderMarkup(<TextField multiline id="why" label="Why?" maxLength={2000} value={'x'.repeat(2000)} onChange={() => undefined} />);
    expect(full).toContain('Limit reached: 2000 characters');
    const unlimited = renderMarkup(<TextField multiline id="why" label="Why?" value="x" onChange={() => undefined} />);
    expect(unlimited).not.toContain('characters');
  });

  it('puts an action beside the input in one row', () => {
    const html = renderMarkup(<TextField id="ean" label="EAN" rowClassName="sku" action={<button type="submit">Add</button>} value="" onChange={() => undefined} />);
    expect(html).toContain('<div class="field__row sku"><input id="ean" value=""/><button type="submit">Add</button></div>');
  });
});

describe('SelectField', () => {
  it('wires a select like an input', () => {
    const html = renderMarkup(
      <SelectField id="country" label="Country" error="Country is required" value="" onChange={() => undefined}>
        <option value="">Choose</option>
      </SelectField>,
    );
    expect(html).toContain('<label for="country">Country</label><select id="country" aria-describedby="country-error" aria-invalid="true">');
  });
});

describe('formikField', () => {
  const form = (over: Partial<FormikProps<{ email: string }>>) =>
    ({
      getFieldProps: () => ({ name: 'email', value: 'a@', onChange: () => undefined, onBlur: () => undefined }),
      errors: { email: 'EMAIL_INVALID' },
      touched: {},
      submitCount: 0,
      ...over,
    }) as unknown as FormikProps<{ email: string }>;
  const words = (code: string | undefined) => (code ? `words for ${code}` : undefined);

  it('shows the error in words once the field was left or the form submitted', () => {
    expect(formikField(form({}), 'email', words).error).toBeUndefined();
    expect(formikField(form({ touched: { email: true } }), 'email', words).error).toBe('words for EMAIL_INVALID');
    expect(formikField(form({ submitCount: 1 }), 'email', words).error).toBe('words for EMAIL_INVALID');
  });

  it("waits for a submit when asked, whatever was touched", () => {
    expect(formikField(form({ touched: { email: true } }), 'email', words, 'submitted').error).toBeUndefined();
    expect(formikField(form({ submitCount: 1 }), 'email', words, 'submitted').error).toBe('words for EMAIL_INVALID');
  });

  it('passes the name and value through', () => {
    const binding = formikField(form({}), 'email', words);
    expect(binding.name).toBe('email');
    expect(binding.value).toBe('a@');
  });
});
