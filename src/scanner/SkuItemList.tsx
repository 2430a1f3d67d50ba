/**
 * The entered SKUs, newest first: EAN, the task's product it belongs to (or that it is not one of
 * them), facings, and a delete button (confirmed by the screen). Items that fail the rules at
 * save time are marked.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Product, ScannedItem } from '#domain/types';
import { Icon } from '#ui/Icon';
import { productOf } from './skuList';

export interface SkuItemListProps {
  items: readonly ScannedItem[];
  products: readonly Product[];
  invalidIds: ReadonlySet<string>;
  /** Absent in review mode. */
  onDelete?: (item: ScannedItem) => void;
}

export function SkuItemList({ items, products, invalidIds, onDelete }: SkuItemListProps) {
  const { t } = useLingui();
  return (
    <section className="card exec-section" aria-labelledby="sku-items-title">
      <div className="sku-section-head">
        <h2 id="sku-items-title" className="exec-section__title">
          <Trans>Entered SKUs</Trans>
        </h2>
        <span className="sku-count">{items.length}</span>
      </div>
      {items.length === 0 ? (
        <p className="muted sku-empty">
          {onDelete ? <Trans>Nothing entered yet. Scan a barcode or enter an EAN.</Trans> : <Trans>No SKUs were entered.</Trans>}
        </p>
      ) : (
        <ul className="sku-items" aria-label={t`Entered SKUs`}>
          {items.map((item) => {
            const product = productOf(products, item.ean);
            const invalid = invalidIds.has(item.id);
            return (
              <li key={item.id} className={`sku-items__row${invalid ? ' is-invalid' : ''}`} data-sku-id={item.id} data-ean={item.ean}>
                <span className="sku-items__text">
                  <span className="sku-ean sku-items__ean">{item.ean || '—'}</span>
                  <span className="sku-items__product">{product ? product.name : <Trans>Not on the task's product list</Trans>}</span>
                  {invalid ? (
                    <span className="sku-items__error">
                      <Trans>Invalid: fix or delete this item</Trans>
                    </span>
                  ) : null}
                </span>
                <span className="sku-items__facings">
                  <Plural value={item.facings} one="# facing" other="# facings" />
                </span>
                {onDelete ? (
                  <button type="button" className="icon-btn sku-items__delete" aria-label={t`Delete ${item.ean}`} onClick={() => onDelete(item)}>
                    <Icon name="close" size={18} />
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
