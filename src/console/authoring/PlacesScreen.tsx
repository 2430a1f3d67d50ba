/**
 * /staff/places: the stores tasks are done at, filtered by market, retailer and a search, and a
 * form to add one — its position picked on the map (click or drag the pin) or typed (two fields,
 * or a pasted "lat, lng" pair). A pin outside the chosen market is warned about (a swapped pair
 * is the usual mistake). The form is kept as a draft until saved.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useFormik } from 'formik';
import { lazy, Suspense, useMemo, useState } from 'react';
import * as yup from 'yup';
import { listPlaces, listRetailers } from '#contracts/api/authoring';
import { createPlace } from '#contracts/api/staff';
import { StaffApiError, staffCall, useStaffQuery } from '../api';
import { useDraft } from '../drafts';
import { getSession } from '../session';
import { emptyPlaceForm, isInsideMarket, placeFormErrors, readDegrees, readPair, toCreatePlaceBody, type PlaceFormValues } from './coordinates';
import { LoadFailure, Loading, WriteFailure } from './LoadState';
import { MARKETS, isMarket, type CountryCode } from './markets';
import { restoreBlanks } from './schemas';
import { useFieldWords } from './useFieldWords';
import { useFocusFirstInvalid } from './useFocusFirstInvalid';
import './authoring.css';

const PlacePickerMap = lazy(() => import('./PlacePickerMap'));

const placeSchema = yup.object().test('place', (values, ctx) => {
  const list = Object.entries(placeFormErrors(restoreBlanks(values) as PlaceFormValues)).map(([path, code]) => ctx.createError({ path, message: code }));
  return list.length === 0 ? true : new yup.ValidationError(list);
});

export default function PlacesScreen() {
  const { t } = useLingui();
  const [country, setCountry] = useState<CountryCode | ''>('');
  const [retailerId, setRetailerId] = useState('');
  const [q, setQ] = useState('');
  const [adding, setAdding] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  // Creating a place is an admin's (the server refuses others): nobody fills in a form for nothing.
  const canAdd = getSession()?.staff.roles.includes('admin') ?? false;

  const retailers = useStaffQuery(listRetailers, {});
  const places = useStaffQuery(listPlaces, { query: { country: country || undefined, retailerId: retailerId || undefined, q: q.trim() || undefined } });

  return (
    <div className="authoring-page">
      <div className="authoring-head">
        <h1>
          <Trans>Places</Trans>
        </h1>
        {!adding && canAdd && (
          <button type="button" className="btn" onClick={() => setAdding(true)}>
            <Trans>New place</Trans>
          </button>
        )}
      </div>
      {!canAdd && (
        <p className="muted">
          <Trans>Places are added by an admin: ask one to add a store that is missing.</Trans>
        </p>
      )}

      {saved && (
        <p className="alert alert-info" role="status">
          <Trans>Place {saved} added.</Trans>
        </p>
      )}

      {adding && (
        <NewPlaceForm
          retailers={retailers.data?.data ?? []}
          onCancel={() => setAdding(false)}
          onSaved={(title) => {
            setAdding(false);
            setSaved(title);
            places.reload();
          }}
        />
      )}

      <div className="authoring-filters" role="search">
        <div className="field">
          <label htmlFor="places-market">
            <Trans>Market</Trans>
          </label>
          <select id="places-market" value={country} onChange={(e) => setCountry(isMarket(e.target.value) ? e.target.value : '')}>
            <option value="">{t`All markets`}</option>
            {MARKETS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="places-retailer">
            <Trans>Retailer</Trans>
          </label>
          <select id="places-retailer" value={retailerId} onChange={(e) => setRetailerId(e.target.value)}>
            <option value="">{t`All retailers`}</option>
            {(retailers.data?.data ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="places-q">
            <Trans>Search</Trans>
          </label>
          <input id="places-q" type="search" value={q} placeholder={t`Title, address or city`} onChange={(e) => setQ(e.target.value)} />
        </div>
      </div>

      {places.error ? (
        <LoadFailure error={places.error} onRetry={places.reload} />
      ) : places.loading && !places.data ? (
        <Loading />
      ) : (places.data?.data ?? []).length === 0 ? (
        <p className="muted">
          <Trans>No places match these filters.</Trans>
        </p>
      ) : (
        <div className="authoring-table-wrap">
          <table className="authoring-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Place</Trans>
                </th>
                <th scope="col">
                  <Trans>Retailer</Trans>
                </th>
                <th scope="col">
                  <Trans>Address</Trans>
                </th>
                <th scope="col">
                  <Trans>Market</Trans>
                </th>
                <th scope="col">
                  <Trans>Coordinates</Trans>
                </th>
                <th scope="col">
                  <Trans>Id</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {(places.data?.data ?? []).map((p) => (
                <tr key={p.id}>
                  <td>{p.title}</td>
                  <td>{p.retailer.name}</td>
                  <td>
                    {p.address}, {p.city}
                  </td>
                  <td>{p.countryCode}</td>
                  <td className="num">
                    {p.coordinates.latitude.toFixed(5)}, {p.coordinates.longitude.toFixed(5)}
                  </td>
                  <td>
                    <code>{p.id}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

interface RetailerOption {
  id: string;
  name: string;
}

function NewPlaceForm({ retailers, onCancel, onSaved }: { retailers: readonly RetailerOption[]; onCancel: () => void; onSaved: (title: string) => void }) {
  const { t } = useLingui();
  const words = useFieldWords();
  const [draft, setDraft, clearDraft] = useDraft<PlaceFormValues>('authoring:new-place', emptyPlaceForm());
  const [failure, setFailure] = useState<unknown>(null);
  const [pair, setPair] = useState('');

  const formik = useFormik<PlaceFormValues>({
    initialValues: draft,
    validationSchema: placeSchema,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        const place = await staffCall(createPlace, { body: toCreatePlaceBody(values) });
        clearDraft();
        onSaved(place.title);
      } catch (e) {
        if (e instanceof StaffApiError && e.fields) helpers.setErrors(e.fields);
        setFailure(e);
      }
    },
  });
  const { values } = formik;
  const formRef = useFocusFirstInvalid(formik.submitCount, formik.isSubmitting);
  const change = (patch: Partial<PlaceFormValues>) => {
    const next = { ...values, ...patch };
    void formik.setValues(next);
    setDraft(next);
  };
  const field = (name: keyof PlaceFormValues) => ({
    id: `place-${name}`,
    name,
    value: values[name],
    onBlur: formik.handleBlur,
    'aria-invalid': errorOf(name) ? true : undefined,
    onChange: (e: { target: { value: string } }) => change({ [name]: e.target.value }),
  });
  function errorOf(name: keyof PlaceFormValues): string | undefined {
    const code = formik.errors[name];
    return (formik.submitCount > 0 || formik.touched[name]) && code ? words(code) : undefined;
  }

  const lat = readDegrees(values.latitude, 90);
  const lng = readDegrees(values.longitude, 180);
  const point = lat.error || lng.error ? null : { latitude: lat.value, longitude: lng.value };
  const market: CountryCode = values.countryCode || 'LT';
  const outside = point && values.countryCode !== '' && !isInsideMarket(point, values.countryCode);
  const marketRetailers = useMemo(() => retailers, [retailers]);

  return (
    <form className="card stack" ref={formRef} onSubmit={formik.handleSubmit} noValidate aria-labelledby="new-place-title">
      <h2 id="new-place-title">
        <Trans>New place</Trans>
      </h2>
      <div className="authoring-grid">
        <div className="field">
          <label htmlFor="place-title">
            <Trans>Title</Trans>
          </label>
          <input {...field('title')} placeholder={t`e.g. Maxima XX Ozas`} />
          {errorOf('title') && <span className="field-error">{errorOf('title')}</span>}
        </div>
        <div className="field">
          <label htmlFor="place-retailerId">
            <Trans>Retailer</Trans>
          </label>
          <select {...field('retailerId')}>
            <option value="">{t`Choose a retailer`}</option>
            {marketRetailers.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
          {errorOf('retailerId') && <span className="field-error">{errorOf('retailerId')}</span>}
        </div>
        <div className="field">
          <label htmlFor="place-address">
            <Trans>Address</Trans>
          </label>
          <input {...field('address')} />
          {errorOf('address') && <span className="field-error">{errorOf('address')}</span>}
        </div>
        <div className="field">
          <label htmlFor="place-city">
            <Trans>City</Trans>
          </label>
          <input {...field('city')} />
          {errorOf('city') && <span className="field-error">{errorOf('city')}</span>}
        </div>
        <div className="field">
          <label htmlFor="place-countryCode">
            <Trans>Market</Trans>
          </label>
          <select {...field('countryCode')}>
            <option value="">{t`Choose a market`}</option>
            {MARKETS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
          {errorOf('countryCode') && <span className="field-error">{errorOf('countryCode')}</span>}
        </div>
        <div className="field">
          <label htmlFor="place-pair">
            <Trans>Paste coordinates</Trans>
          </label>
          <input
            id="place-pair"
            value={pair}
            placeholder="54.6872, 25.2797"
            onChange={(e) => {
              setPair(e.target.value);
              const p = readPair(e.target.value);
              if (p) change({ latitude: String(p.latitude), longitude: String(p.longitude) });
            }}
          />
          <span className="field-hint">
            <Trans>A "latitude, longitude" pair copied from a map fills both fields.</Trans>
          </span>
        </div>
        <div className="field">
          <label htmlFor="place-latitude">
            <Trans>Latitude</Trans>
          </label>
          <input {...field('latitude')} inputMode="decimal" />
          {errorOf('latitude') && <span className="field-error">{errorOf('latitude')}</span>}
        </div>
        <div className="field">
          <label htmlFor="place-longitude">
            <Trans>Longitude</Trans>
          </label>
          <input {...field('longitude')} inputMode="decimal" />
          {errorOf('longitude') && <span className="field-error">{errorOf('longitude')}</span>}
        </div>
      </div>
      {outside && (
        <p className="alert alert-warning" role="status">
          <Trans>This position is outside {values.countryCode}. Check that latitude and longitude are not swapped.</Trans>
        </p>
      )}
      <p className="muted">
        <Trans>Click the map to place the pin, or drag it.</Trans>
      </p>
      <Suspense fallback={<div className="authoring-map" aria-busy="true" />}>
        <PlacePickerMap value={point} market={market} onPick={(p) => change({ latitude: String(p.latitude), longitude: String(p.longitude) })} />
      </Suspense>
      <WriteFailure error={failure} />
      <div className="authoring-actions">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            clearDraft();
            onCancel();
          }}
        >
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="btn" disabled={formik.isSubmitting}>
          {formik.isSubmitting ? <Trans>Saving…</Trans> : <Trans>Add place</Trans>}
        </button>
      </div>
    </form>
  );
}
