/**
 * The facings picker (spec section 2: "Facings choice 0-8 or Other (manual)"): one tap on 0–8
 * adds the item; Other opens a number field for 0–99 (validateFacings, spec section 9).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { validateFacings } from '#domain/ean';
import { fieldErrorMessage } from '../i18n/errorMessages';
import { Dialog } from '#ui/Dialog';
import { TextField } from '#ui/TextField';
import { FACINGS_BUTTONS } from './skuList';

export interface FacingsDialogProps {
  open: boolean;
  ean: string;
  /** The task's product with this EAN, when it is one. */
  productName: string | null;
  /** The facings already entered for this EAN (an overwrite), highlighted. */
  current: number | null;
  onPick: (facings: number) => void;
  onClose: () => void;
}

export function FacingsDialog({ open, ean, productName, current, onPick, onClose }: FacingsDialogProps) {
  const { t, i18n } = useLingui();
  const [other, setOther] = useState(false);
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const error = validateFacings(value);

  const close = () => {
    setOther(false);
    setValue('');
    setTouched(false);
    onClose();
  };
  const pick = (facings: number) => {
    setOther(false);
    setValue('');
    setTouched(false);
    onPick(facings);
  };

  return (
    <Dialog open={open} onClose={close} title={t`How many facings?`}>
      <div className="sku-facings">
        <p className="sku-facings__code">
          <span className="sku-ean">{ean}</span>
          {productName ? <span className="sku-facings__product">{productName}</span> : null}
        </p>
        <div className="sku-facings__grid" role="group" aria-label={t`Facings`}>
          {FACINGS_BUTTONS.map((n) => (
            <button key={n} type="button" className={`sku-facings__btn${current === n ? ' is-current' : ''}`} onClick={() => pick(n)}>
              {n}
            </button>
          ))}
          <button type="button" className={`sku-facings__btn sku-facings__btn--other${other ? ' is-current' : ''}`} aria-expanded={other} onClick={() => setOther(true)}>
            <Trans>Other</Trans>
          </button>
        </div>
        {other ? (
          <form
            className="sku-facings__other"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              setTouched(true);
              if (!error) pick(Number(value.trim()));
            }}
          >
            <TextField
              label={<Trans>Number of facings (0–99)</Trans>}
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              autoFocus
              maxLength={3}
              value={value}
              error={touched && error ? i18n._(fieldErrorMessage('facings', error)) : undefined}
              errorRole="alert"
              onChange={(event) => setValue(event.target.value)}
            />
            <button type="submit" className="btn btn-block">
              <Trans>Add</Trans>
            </button>
          </form>
        ) : null}
      </div>
    </Dialog>
  );
}
