/**
 * Entry mode of the scanner screen. The live camera decodes barcodes in the scanner worker; a
 * confirmed read beeps (600 Hz, 150 ms), vibrates, keeps the last 13 characters (scannedValue)
 * and asks for facings (0–8 or Other 0–99). An EAN already in the list asks to confirm the
 * overwrite first; deleting asks too. EANs can also be typed, or pre-filled by tapping one of the
 * task's products. Entries are changes (this SKU added or changed, that one removed) kept in
 * `skusCache:{taskId}` over the saved list until saved; saving checks every item (spec section 5)
 * and hands the changes to the sync worker, which applies them to the mirror's current list and
 * queues it in the outbox, so it works offline, arrives exactly once and keeps what another tab
 * saved meanwhile. If the camera cannot start, a dialog gives the camera-settings hint and manual
 * entry stays.
 */
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OutboxRecord } from '#db/schema';
import { scannedValue } from '#domain/ean';
import type { Product, ScannedItem } from '#domain/types';
import { useSaveSkus } from './mutations';
import { errorMessage, ITEMS_INVALID_MESSAGE } from '../i18n/errorMessages';
import { Alert } from '#ui/Alert';
import { ConfirmDialog } from '#ui/ConfirmDialog';
import { Spinner } from '#ui/Spinner';
import { beep } from './client';
import { FacingsDialog } from './FacingsDialog';
import { ItemSummary } from './ItemSummary';
import { ManualEanForm } from './ManualEanForm';
import { ProductList } from './ProductList';
import { ScannerErrorDialog } from './ScannerErrorDialog';
import { ScannerView } from './ScannerView';
import { SkuItemList } from './SkuItemList';
import { SkuSaveStatus } from './SkuSaveStatus';
import { findDuplicate, invalidItemIds, productOf } from './skuList';
import { useBarcodeScanner } from './useBarcodeScanner';
import { useSkuWorkingList } from './useSkuWorkingList';

type EntrySource = 'scan' | 'manual';
type Pending = { step: 'overwrite' | 'facings'; ean: string; existing: ScannedItem | null; source: EntrySource };

/** A short buzz with the beep, where the phone can (spec: the scan is confirmed to the hand too). */
function vibrate(): void {
  try {
    navigator.vibrate?.(80);
  } catch {
    // Some browsers throw when vibration is not allowed (no user gesture yet): the beep is enough.
  }
}

export interface SkuEntryProps {
  taskId: string;
  products: Product[];
  savedRows: ScannedItem[] | undefined;
  outbox: OutboxRecord[] | undefined;
  online: boolean;
}

export function SkuEntry({ taskId, products, savedRows, outbox, online }: SkuEntryProps) {
  const { t, i18n } = useLingui();
  const { items, changes, dirty, change, markSaved } = useSkuWorkingList(taskId, savedRows);
  const saveSkus = useSaveSkus();
  const [pending, setPending] = useState<Pending | null>(null);
  const [deleting, setDeleting] = useState<ScannedItem | null>(null);
  const [manual, setManual] = useState('');
  const [invalidIds, setInvalidIds] = useState<ReadonlySet<string>>(new Set());
  const [saveError, setSaveError] = useState<MessageDescriptor | string | null>(null);
  const [saving, setSaving] = useState(false);
  const [errorDismissed, setErrorDismissed] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const manualInput = useRef<HTMLInputElement>(null);

  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  const begin = useCallback((ean: string, source: EntrySource) => {
    const existing = findDuplicate(itemsRef.current ?? [], ean);
    setPending({ step: existing ? 'overwrite' : 'facings', ean, existing, source });
  }, []);

  const onScan = useCallback(
    (text: string) => {
      beep();
      vibrate();
      begin(scannedValue(text), 'scan');
    },
    [begin],
  );

  const scanner = useBarcodeScanner({ enabled: !cameraOff, active: pending === null && deleting === null, onScan });
  const errorOpen = scanner.state.kind === 'error' && !errorDismissed;

  const add = (facings: number) => {
    if (!pending || !items) return;
    // The overwrite of an entered EAN keeps its item's id: the server sees the item updated.
    const existing = findDuplicate(items, pending.ean);
    const entry: ScannedItem = { id: existing?.id ?? crypto.randomUUID(), ean: pending.ean, facings, timestamp: new Date().toISOString() };
    change({ op: 'put', item: entry });
    if (pending.source === 'manual') setManual('');
    setPending(null);
    setSaveError(null);
    setInvalidIds(new Set());
  };

  const remove = (item: ScannedItem) => {
    change({ op: 'remove', id: item.id });
    setDeleting(null);
    setSaveError(null);
    setInvalidIds((ids) => new Set([...ids].filter((id) => id !== item.id)));
  };

  const save = async () => {
    if (!items) return;
    const bad = invalidItemIds(items);
    if (bad.length > 0) {
      setInvalidIds(new Set(bad));
      setSaveError(ITEMS_INVALID_MESSAGE);
      return;
    }
    setSaving(true);
    setSaveError(null);
    const sent = changes;
    const result = await saveSkus(taskId, sent);
    setSaving(false);
    if (result.ok) markSaved(sent);
    else setSaveError(errorMessage('saveSkus', result.error));
  };

  const choose = (product: Product) => {
    setManual(product.ean);
    manualInput.current?.focus();
    manualInput.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  };

  if (items === undefined) return <Spinner />;
  const pendingProduct = pending ? productOf(products, pending.ean) : null;

  return (
    <div className="exec-page sku-page">
      <ScannerView videoRef={scanner.videoRef} state={scanner.state} paused={pending !== null || deleting !== null}
        off={cameraOff}
        onToggleOff={() => setCameraOff((off) => !off)}
        onShowError={() => setErrorDismissed(false)} />

      {/* Right under the camera, not at the bottom: the offline notice sits at the bottom of the
          screen exactly when this screen is used most (no signal in the aisle). */}
      <section className="card sku-savebar">
        <div className="sku-savebar__row">
          <SkuSaveStatus records={outbox} dirty={dirty} online={online} />
          <button type="button" className="btn sku-savebar__save" disabled={!dirty || saving} onClick={() => void save()}>
            {saving ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
          </button>
        </div>
        {saveError ? (
          <Alert tone="error" role="alert" className="sku-savebar__error">
            {typeof saveError === 'string' ? saveError : i18n._(saveError)}
          </Alert>
        ) : null}
      </section>

      <section className="card sku-entry" aria-label={t`Manual entry`}>
        <ManualEanForm inputRef={manualInput} value={manual} onChange={setManual} onSubmit={(ean) => begin(ean, 'manual')} />
      </section>

      <SkuItemList items={items} products={products} invalidIds={invalidIds} onDelete={setDeleting} />
      {products.length > 0 ? <ProductList products={products} items={items} onChoose={choose} /> : null}

      <ConfirmDialog
        open={pending?.step === 'overwrite'}
        title={<Trans>This EAN is already entered</Trans>}
        confirmLabel={<Trans>Overwrite</Trans>}
        onConfirm={() => setPending((p) => (p ? { ...p, step: 'facings' } : p))}
        // The native dialog also reports a close when it is closed for the next step: only a
        // close while still asking cancels the entry.
        onClose={() => setPending((p) => (p?.step === 'overwrite' ? null : p))}
      >
        {pending?.existing ? <ItemSummary item={pending.existing} productName={pendingProduct?.name ?? null} /> : null}
      </ConfirmDialog>

      <FacingsDialog
        open={pending?.step === 'facings'}
        ean={pending?.ean ?? ''}
        productName={pendingProduct?.name ?? null}
        current={pending?.existing?.facings ?? null}
        onPick={add}
        onClose={() => setPending((p) => (p?.step === 'facings' ? null : p))}
      />

      <ConfirmDialog
        open={deleting !== null}
        title={<Trans>Delete this SKU?</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        onConfirm={() => deleting && remove(deleting)}
        onClose={() => setDeleting(null)}
      >
        {deleting ? <ItemSummary item={deleting} productName={productOf(products, deleting.ean)?.name ?? null} /> : null}
      </ConfirmDialog>

      {scanner.state.kind === 'error' ? (
        <ScannerErrorDialog
          open={errorOpen}
          code={scanner.state.code}
          onClose={() => setErrorDismissed(true)}
          onRetry={() => {
            setErrorDismissed(false);
            scanner.retry();
          }}
        />
      ) : null}
    </div>
  );
}
