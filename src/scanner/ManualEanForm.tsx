/**
 * Manual EAN entry (spec section 2): typed, or pre-filled by tapping one of the task's products.
 * Checked with the domain's EAN rules (spec section 5); an invalid code shows the spec's text.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type Ref } from 'react';
import { validateEan } from '#domain/ean';
import { fieldErrorMessage } from '../i18n/errorMessages';
import { TextField } from '#ui/TextField';

export interface ManualEanFormProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (ean: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

export function ManualEanForm({ value, onChange, onSubmit, inputRef }: ManualEanFormProps) {
  const { i18n } = useLingui();
  const [invalid, setInvalid] = useState(false);
  const empty = value.trim() === '';

  return (
    <form
      className="sku-manual"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (empty) return;
        if (validateEan(value)) {
          setInvalid(true);
          return;
        }
        setInvalid(false);
        onSubmit(value.trim());
      }}
    >
      <TextField
        className="sku-manual__field"
        label={<Trans>Enter EAN by hand</Trans>}
        inputRef={inputRef}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        maxLength={24}
        value={value}
        error={invalid ? i18n._(fieldErrorMessage('ean', 'EAN_INVALID')) : undefined}
        errorRole="alert"
        onChange={(event) => {
          setInvalid(false);
          onChange(event.target.value);
        }}
        rowClassName="sku-manual__row"
        action={
          <button type="submit" className="btn" disabled={empty}>
            <Trans>Add</Trans>
          </button>
        }
      />
    </form>
  );
}
