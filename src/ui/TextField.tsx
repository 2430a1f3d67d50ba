/**
 * Form fields with their label, hint and error wired for assistive technology: the label names
 * the control, the hint and the error describe it (`aria-describedby`), and an error marks it
 * invalid (`aria-invalid`). Markup and classes are the app's `.field` (theme.css).
 *
 * - `TextField`: an input, or a textarea with `multiline`; `action` puts a button beside it.
 * - `SelectField`: a native select with its options as children.
 *
 * Errors are words (the caller maps validator codes to text, e.g. through src/ui/formikField).
 * `errorRole="alert"` announces a new error at once (for errors shown while typing or right after
 * submitting); without it the error is read with the field. `live` makes the hint and the error
 * one polite live line that shows the error in the hint's place (a character counter).
 * A multiline field with a `maxLength` shows how much of it is used ("12 of 2000 characters", and
 * "Limit reached" when full), so a text cut at the limit (a long paste) is never cut silently.
 */
import { useLingui } from '@lingui/react/macro';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown, and the control marked invalid, when not empty. */
  error?: ReactNode;
  errorRole?: 'alert';
  live?: boolean;
  /** The control's id (a generated one by default); the hint and error ids derive from it. */
  id?: string;
  /** Extra classes on the `.field` wrapper. */
  className?: string;
  /** Extra classes on the hint and error lines. */
  messageClassName?: string;
}

interface FieldWiring {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

function hasContent(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== '';
}

/** Label, control and messages; `control` receives the ids and aria attributes to put on the control. */
function FieldFrame({
  label,
  hint,
  error,
  errorRole,
  live,
  id,
  className,
  messageClassName,
  counter,
  control,
}: FieldFrameProps & { counter?: ReactNode; control: (wiring: FieldWiring) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const counterId = `${controlId}-counter`;
  const showHint = hasContent(hint);
  const showError = hasContent(error);
  const message = (kind: 'hint' | 'error') => [kind === 'hint' ? 'field-hint' : 'field-error', messageClassName].filter(Boolean).join(' ');

  let messages: ReactNode;
  let describedBy: string[];
  if (live) {
    // One line whose words change: a live region must stay in the page to be heard.
    const lineId = showError ? errorId : hintId;
    messages =
      showError || showHint ? (
        <span id={lineId} className={message(showError ? 'error' : 'hint')} aria-live="polite">
          {showError ? error : hint}
        </span>
      ) : null;
    describedBy = showError || showHint ? [lineId] : [];
  } else {
    messages = (
      <>
        {showHint ? (
          <span id={hintId} className={message('hint')}>
            {hint}
          </span>
        ) : null}
        {showError ? (
          <span id={errorId} className={message('error')} role={errorRole}>
            {error}
          </span>
        ) : null}
      </>
    );
    describedBy = [showHint ? hintId : null, showError ? errorId : null].filter((value): value is string => value !== null);
  }
  if (counter) describedBy.push(counterId);

  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId}>{label}</label>
      {control({ id: controlId, 'aria-describedby': describedBy.length > 0 ? describedBy.join(' ') : undefined, 'aria-invalid': showError ? true : undefined })}
      {messages}
      {counter ? (
        <span id={counterId} className={[message('hint'), 'field-counter'].join(' ')}>
          {counter}
        </span>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'children'> & {
  multiline?: false;
  inputRef?: Ref<HTMLInputElement>;
  /** Classes on the input itself. */
  inputClassName?: string;
  /** A control beside the input (e.g. an Add button), in a `.field__row`. */
  action?: ReactNode;
  /** Extra classes on that row. */
  rowClassName?: string;
};

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className' | 'children'> & {
  multiline: true;
  inputRef?: Ref<HTMLTextAreaElement>;
  inputClassName?: string;
};

export type TextFieldProps = FieldFrameProps & (InputProps | TextareaProps);

/** Omit over each member of a union (plain Omit merges them and loses `multiline`'s narrowing). */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The frame's props apart from the control's. */
function splitFrame<T extends FieldFrameProps>(props: T): [FieldFrameProps, DistributiveOmit<T, keyof FieldFrameProps>] {
  const { label, hint, error, errorRole, live, id, className, messageClassName, ...control } = props;
  return [{ label, hint, error, errorRole, live, id, className, messageClassName }, control as DistributiveOmit<T, keyof FieldFrameProps>];
}

/** How much of a limited text is used; the limit itself once it is reached. */
function LengthCounter({ length, max }: { length: number; max: number }) {
  const { t } = useLingui();
  return <>{length >= max ? t`Limit reached: ${max} characters` : t`${length} of ${max} characters`}</>;
}

export function TextField(props: TextFieldProps) {
  const [frame, control] = splitFrame(props);
  if (control.multiline) {
    const { multiline: _multiline, inputRef, inputClassName, ...rest } = control;
    const counter = typeof rest.maxLength === 'number' && typeof rest.value === 'string' ? <LengthCounter length={rest.value.length} max={rest.maxLength} /> : undefined;
    return <FieldFrame {...frame} counter={counter} control={(wiring) => <textarea ref={inputRef} className={inputClassName} {...rest} {...wiring} />} />;
  }
  const { multiline: _multiline, inputRef, inputClassName, action, rowClassName, ...rest } = control;
  return (
    <FieldFrame
      {...frame}
      control={(wiring) => {
        const input = <input ref={inputRef} className={inputClassName} {...rest} {...wiring} />;
        if (!action) return input;
        return (
          <div className={['field__row', rowClassName].filter(Boolean).join(' ')}>
            {input}
            {action}
          </div>
        );
      }}
    />
  );
}

export type SelectFieldProps = FieldFrameProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & {
    children: ReactNode;
  };

export function SelectField(props: SelectFieldProps) {
  const [frame, { children, ...rest }] = splitFrame(props);
  return (
    <FieldFrame
      {...frame}
      control={(wiring) => (
        <select {...rest} {...wiring}>
          {children}
        </select>
      )}
    />
  );
}

/** An email field: the email keyboard, no capitals or spell-check; `autoComplete` 'username' on password forms. */
export function EmailField(props: FieldFrameProps & Omit<InputProps, 'type' | 'inputMode' | 'autoCapitalize' | 'spellCheck' | 'multiline'>) {
  return <TextField type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...props} />;
}
