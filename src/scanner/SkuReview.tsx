/**
 * Review mode of the scanner screen (`?isReviewMode`, or a task no longer in progress): the SKUs
 * saved for the task versus its products, with nothing to change and no camera. Never shows this
 * device's unsaved cache.
 */
import { Trans } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { Product, ScannedItem } from '#domain/types';
import { Alert } from '#ui/Alert';
import { Spinner } from '#ui/Spinner';
import { ProductList } from './ProductList';
import { SkuItemList } from './SkuItemList';
import { savedList } from './useSkuWorkingList';

const NO_IDS: ReadonlySet<string> = new Set();

export function SkuReview({ products, savedRows }: { products: Product[] | undefined; savedRows: ScannedItem[] | undefined }) {
  const saved = useMemo(() => (savedRows ? savedList(savedRows) : undefined), [savedRows]);
  if (saved === undefined || products === undefined) return <Spinner />;
  return (
    <div className="exec-page sku-page">
      <Alert tone="info" role="status">
        <Trans>Review mode: the SKUs entered for this task.</Trans>
      </Alert>
      <SkuItemList items={saved} products={products} invalidIds={NO_IDS} />
      {products.length > 0 ? <ProductList products={products} items={saved} /> : null}
    </div>
  );
}
