/**
 * The task's products versus the entered SKUs (spec section 2: "SKUs entered versus matching
 * products"; "A search list shows when there are more than 5 products"). Tapping a product
 * pre-fills its EAN in the manual entry (when entries can be made).
 */
import { Trans, useLingui, Plural } from '@lingui/react/macro';
import { useState } from 'react';
import type { Product, ScannedItem } from '#domain/types';
import { Icon } from '#ui/Icon';
import { matchProducts, PRODUCT_SEARCH_THRESHOLD, searchProducts } from './skuList';

export interface ProductListProps {
  products: readonly Product[];
  items: readonly ScannedItem[];
  /** Absent in review mode: the products are shown, not chosen. */
  onChoose?: (product: Product) => void;
}

export function ProductList({ products, items, onChoose }: ProductListProps) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const searchable = products.length > PRODUCT_SEARCH_THRESHOLD;
  const shown = matchProducts(searchable ? searchProducts(products, query) : products, items);
  const scanned = matchProducts(products, items).filter((m) => m.item).length;
  const total = products.length;

  return (
    <section className="card exec-section" aria-labelledby="sku-products-title">
      <div className="sku-section-head">
        <h2 id="sku-products-title" className="exec-section__title">
          <Trans>Products</Trans>
        </h2>
        <span className={`sku-count${scanned === total && total > 0 ? ' is-complete' : ''}`}>
          <Trans>
            {scanned} of {total} entered
          </Trans>
        </span>
      </div>
      {searchable ? (
        <div className="sku-search" role="search">
          <Icon name="search" size={18} className="sku-search__icon" />
          <input
            type="search"
            className="sku-search__input"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t`Search by name, brand or EAN`}
            aria-label={t`Search products`}
            enterKeyHint="search"
            autoComplete="off"
            spellCheck={false}
          />
        </div>
      ) : null}
      {shown.length === 0 ? (
        <p className="muted sku-empty">{searchable && query.trim() ? <Trans>No product matches your search.</Trans> : <Trans>This task lists no products.</Trans>}</p>
      ) : (
        <ul className="sku-products">
          {shown.map(({ product, item }) => {
            const body = (
              <>
                <span className={`sku-products__mark${item ? ' is-done' : ''}`} aria-hidden="true">
                  {item ? <Icon name="check" size={14} /> : null}
                </span>
                <span className="sku-products__text">
                  <span className="sku-products__name">{product.name}</span>
                  <span className="sku-products__meta">
                    {product.brand ? `${product.brand} · ` : ''}
                    <span className="sku-ean">{product.ean}</span>
                  </span>
                </span>
                <span className={`sku-products__state${item ? ' is-done' : ''}`}>
                  {item ? (
                    <Plural value={item.facings} one="# facing" other="# facings" />
                  ) : (
                    <Trans>Not entered</Trans>
                  )}
                </span>
              </>
            );
            return (
              <li key={product.ean} data-ean={product.ean}>
                {onChoose ? (
                  <button type="button" className="sku-products__row" onClick={() => onChoose(product)}>
                    {body}
                  </button>
                ) : (
                  <div className="sku-products__row">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
