/** The SKU a question is about (overwrite, delete): its EAN, its product and the facings entered now. */
import { Plural } from '@lingui/react/macro';
import type { ScannedItem } from '#domain/types';

export function ItemSummary({ item, productName }: { item: ScannedItem; productName: string | null }) {
  return (
    <p className="sku-summary">
      <span className="sku-summary__text">
        <span className="sku-ean sku-items__ean">{item.ean}</span>
        {productName ? <span className="sku-items__product">{productName}</span> : null}
      </span>
      <span className="sku-items__facings">
        <Plural value={item.facings} one="# facing" other="# facings" />
      </span>
    </p>
  );
}
