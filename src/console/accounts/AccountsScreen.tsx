/**
 * Staff accounts (admin): every account with its roles, markets, state and last sign-in; adding
 * one (e-mail, name, roles, markets), changing an account's name, roles and markets, deactivating
 * and reactivating. Each form keeps its draft until the server took it; a resend after a failure
 * reuses the submit's Idempotency-Key.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { addStaffAccount, listStaffAccounts, updateStaffAccount } from '#contracts/api/staffAccounts';
import type { AnswerOf } from '#contracts/api/client';
import { COUNTRY_CODES, type CountryCode } from '#domain/types';
import type { StaffRole } from '#domain/staff';
import { StaffApiError, newIdempotencyKey, staffCall, useStaffQuery } from '../api';
import { useDraft } from '../drafts';
import { useErrorText } from '../errors';
import { getSession } from '../session';
import { Empty, LoadError, Loading } from '../ui/States';
import { ROLE_HINTS, ROLE_LABELS, STAFF_ROLES, toggled } from './roles';
import './accounts.css';

type Account = AnswerOf<typeof listStaffAccounts>['data'][number];

interface AccountForm {
  email: string;
  name: string;
  roles: StaffRole[];
  markets: CountryCode[];
}

const EMPTY_FORM: AccountForm = { email: '', name: '', roles: [], markets: [] };

/** A submit's Idempotency-Key: the same one for every resend until the server answered it. */
function useSubmitKey(): { key: () => string; done: () => void } {
  const ref = useRef<string | null>(null);
  return {
    key: () => (ref.current ??= newIdempotencyKey()),
    done: () => {
      ref.current = null;
    },
  };
}

function RolesAndMarkets({ value, onChange, idPrefix }: { value: AccountForm; onChange: (next: AccountForm) => void; idPrefix: string }) {
  const { i18n } = useLingui();
  return (
    <div className="accounts-choices">
      <fieldset>
        <legend>
          <Trans>Roles</Trans>
        </legend>
        {STAFF_ROLES.map((role) => (
          <label key={role} className="check-row" htmlFor={`${idPrefix}-role-${role}`}>
            <input
              id={`${idPrefix}-role-${role}`}
              type="checkbox"
              checked={value.roles.includes(role)}
              onChange={(e) => onChange({ ...value, roles: toggled(value.roles, role, e.target.checked, STAFF_ROLES) })}
            />
            <span>
              <strong>{i18n._(ROLE_LABELS[role])}</strong> <span className="muted">— {i18n._(ROLE_HINTS[role])}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>
          <Trans>Markets</Trans>
        </legend>
        <p className="muted accounts-hint">
          <Trans>None ticked: every market.</Trans>
        </p>
        {COUNTRY_CODES.map((country) => (
          <label key={country} className="check-row" htmlFor={`${idPrefix}-market-${country}`}>
            <input
              id={`${idPrefix}-market-${country}`}
              type="checkbox"
              checked={value.markets.includes(country)}
              onChange={(e) => onChange({ ...value, markets: toggled(value.markets, country, e.target.checked, COUNTRY_CODES) })}
            />
            <span>{country}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}

function FieldError({ error, field }: { error: unknown; field: string }) {
  const { t } = useLingui();
  if (!(error instanceof StaffApiError) || !error.fields?.[field]) return null;
  const code = error.fields[field];
  const words: Record<string, string> = {
    REQUIRED: t`Required`,
    TOO_LONG: t`Too long`,
    EMAIL_INVALID: t`Not a valid e-mail address`,
    INVALID: t`Not valid`,
    COUNTRY_INVALID: t`Not a market`,
  };
  return <span className="field-error">{words[code] ?? code}</span>;
}

function AddAccount({ onAdded }: { onAdded: () => void }) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const [form, setForm, clearForm] = useDraft<AccountForm>('accounts.add', EMPTY_FORM);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = useSubmitKey();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (form.roles.length === 0) {
      setError(new StaffApiError(400, 'VALIDATION_FAILED', t`Tick at least one role.`, { roles: 'REQUIRED' }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await staffCall(addStaffAccount, {
        body: { email: form.email.trim(), name: form.name.trim(), roles: form.roles, markets: form.markets },
        idempotencyKey: submit.key(),
      });
      submit.done();
      clearForm();
      onAdded();
    } catch (e) {
      // A refusal is final for this key; a lost connection keeps it for the resend.
      if (!(e instanceof StaffApiError && e.code === 'NETWORK')) submit.done();
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card accounts-form" onSubmit={onSubmit} noValidate>
      <h2>
        <Trans>Add a staff member</Trans>
      </h2>
      <div className="accounts-fields">
        <div className="field">
          <label htmlFor="account-email">
            <Trans>E-mail</Trans>
          </label>
          <input id="account-email" type="email" autoComplete="off" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} required />
          <FieldError error={error} field="email" />
        </div>
        <div className="field">
          <label htmlFor="account-name">
            <Trans>Name</Trans>
          </label>
          <input id="account-name" type="text" autoComplete="off" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} required />
          <FieldError error={error} field="name" />
        </div>
      </div>
      <RolesAndMarkets value={form} onChange={setForm} idPrefix="add" />
      {error ? (
        <p className="alert alert-error" role="alert">
          {error instanceof StaffApiError && error.code === 'NETWORK'
            ? t`Not saved: the server cannot be reached. What you typed is kept; try again when the connection is back.`
            : errorText(error)}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t`Adding…` : t`Add`}
      </button>
    </form>
  );
}

function EditAccount({ account, onSaved, onCancel }: { account: Account; onSaved: (account: Account) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const initial: AccountForm = { email: account.email, name: account.name, roles: [...account.roles], markets: [...account.markets] as CountryCode[] };
  const [form, setForm, clearForm] = useDraft<AccountForm>(`accounts.edit.${account.id}`, initial);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = useSubmitKey();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const saved = await staffCall(updateStaffAccount, {
        params: { id: account.id },
        body: { name: form.name.trim(), roles: form.roles, markets: form.markets },
        idempotencyKey: submit.key(),
      });
      submit.done();
      clearForm();
      onSaved(saved);
    } catch (e) {
      if (!(e instanceof StaffApiError && e.code === 'NETWORK')) submit.done();
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="accounts-edit" onSubmit={onSubmit} noValidate aria-label={t`Change ${account.email}`}>
      <div className="field">
        <label htmlFor={`edit-name-${account.id}`}>
          <Trans>Name</Trans>
        </label>
        <input id={`edit-name-${account.id}`} type="text" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        <FieldError error={error} field="name" />
      </div>
      <RolesAndMarkets value={form} onChange={setForm} idPrefix={`edit-${account.id}`} />
      {error ? (
        <p className="alert alert-error" role="alert">
          {errorText(error)}
        </p>
      ) : null}
      <div className="accounts-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || form.roles.length === 0}>
          <Trans>Save</Trans>
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            clearForm();
            onCancel();
          }}
        >
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

function ActiveToggle({ account, onSaved }: { account: Account; onSaved: (account: Account) => void }) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = useSubmitKey();
  const next = !account.active;

  async function apply() {
    setBusy(true);
    setError(null);
    try {
      const saved = await staffCall(updateStaffAccount, { params: { id: account.id }, body: { active: next }, idempotencyKey: submit.key() });
      submit.done();
      setConfirming(false);
      onSaved(saved);
    } catch (e) {
      if (!(e instanceof StaffApiError && e.code === 'NETWORK')) submit.done();
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="accounts-toggle">
      {confirming ? (
        <span className="accounts-confirm">
          <span>{next ? t`Reactivate ${account.email}?` : t`Deactivate ${account.email}? Their sessions end now.`}</span>
          <button type="button" className={next ? 'btn btn-primary' : 'btn btn-danger'} disabled={busy} onClick={() => void apply()}>
            {next ? t`Reactivate` : t`Deactivate`}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
            <Trans>Cancel</Trans>
          </button>
        </span>
      ) : (
        <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
          {next ? t`Reactivate` : t`Deactivate`}
        </button>
      )}
      {error ? (
        <p className="field-error" role="alert">
          {errorText(error)}
        </p>
      ) : null}
    </div>
  );
}

export default function AccountsScreen() {
  const { t, i18n } = useLingui();
  const accounts = useStaffQuery(listStaffAccounts, {});
  const [editing, setEditing] = useState<string | null>(null);
  const [changed, setChanged] = useState<Record<string, Account>>({});
  const me = getSession()?.staff.id;
  // A saved account shows at once; a later reload of the list wins when it is as new or newer.
  const rows = (accounts.data?.data ?? []).map((a) => {
    const fresh = changed[a.id];
    return fresh && fresh.updatedAt > a.updatedAt ? fresh : a;
  });
  const all = rows;
  const saved = (account: Account) => setChanged((c) => ({ ...c, [account.id]: account }));

  return (
    <div className="accounts">
      <div className="console-head">
        <h1>
          <Trans>Staff accounts</Trans>
        </h1>
      </div>
      <div className="accounts-layout">
        <section aria-label={t`Accounts`}>
          {accounts.loading && !accounts.data ? (
            <Loading />
          ) : accounts.error && !accounts.data ? (
            <LoadError error={accounts.error} retry={accounts.reload} />
          ) : all.length === 0 ? (
            <Empty>
              <Trans>No staff accounts yet.</Trans>
            </Empty>
          ) : (
            <table className="console-table">
              <thead>
                <tr>
                  <th>
                    <Trans>Member</Trans>
                  </th>
                  <th>
                    <Trans>Roles</Trans>
                  </th>
                  <th>
                    <Trans>Markets</Trans>
                  </th>
                  <th>
                    <Trans>Last sign-in</Trans>
                  </th>
                  <th>
                    <span className="visually-hidden">
                      <Trans>Actions</Trans>
                    </span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {all.map((account) => (
                  <tr key={account.id} className={account.active ? undefined : 'accounts-inactive'}>
                    <td>
                      <strong>{account.name || account.email}</strong>
                      <div className="muted">{account.email}</div>
                      {!account.active ? (
                        <span className="accounts-badge">
                          <Trans>Deactivated</Trans>
                        </span>
                      ) : null}
                      {account.id === me ? (
                        <span className="accounts-badge accounts-badge--me">
                          <Trans>You</Trans>
                        </span>
                      ) : null}
                    </td>
                    {editing === account.id ? (
                      <td colSpan={4}>
                        <EditAccount
                          account={account}
                          onCancel={() => setEditing(null)}
                          onSaved={(a) => {
                            saved(a);
                            setEditing(null);
                          }}
                        />
                      </td>
                    ) : (
                      <>
                        <td>{account.roles.map((r) => i18n._(ROLE_LABELS[r])).join(', ')}</td>
                        <td>{account.markets.length === 0 ? t`All` : account.markets.join(', ')}</td>
                        <td>{account.lastLoginAt ? i18n.date(account.lastLoginAt, { dateStyle: 'medium', timeStyle: 'short' }) : t`Never`}</td>
                        <td className="accounts-row-actions">
                          <button type="button" className="btn btn-secondary" onClick={() => setEditing(account.id)}>
                            <Trans>Edit</Trans>
                          </button>
                          {account.id !== me ? <ActiveToggle account={account} onSaved={saved} /> : null}
                        </td>
                      </>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <AddAccount onAdded={accounts.reload} />
      </div>
    </div>
  );
}
