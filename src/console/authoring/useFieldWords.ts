/**
 * The authoring screens' words for field codes: the codes of the pure rules here (taskForm.ts,
 * productList.ts, checklistTemplate.ts) and the per-field codes of the server's 400 answers. A
 * code without words of its own is still shown, with its code, so a new server rule is never a
 * silent refusal.
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';

export function useFieldWords(): (code: string | undefined | null) => string | undefined {
  const { t } = useLingui();
  return useCallback(
    (code) => {
      if (!code) return undefined;
      switch (code) {
        case 'REQUIRED':
          return t`Required`;
        case 'TOO_LONG':
          return t`Too long`;
        case 'INVALID':
          return t`Not a valid value`;
        case 'EAN_INVALID':
          return t`Not a valid EAN: check the digits (the last one is a check digit)`;
        case 'EAN_REQUIRED':
          return t`Enter the product's EAN`;
        case 'DUPLICATE':
          return t`This EAN is already on the list`;
        case 'FACINGS_INVALID':
          return t`A whole number from 0 to 99`;
        case 'AMOUNT_INVALID':
          return t`An amount with at most two decimals, like 12.50`;
        case 'END_BEFORE_START':
        case 'BEFORE_START':
          return t`The end must be after the start`;
        case 'NONEXISTENT_LOCAL_TIME':
          return t`This time does not exist in the market's time zone (the clocks skip it)`;
        case 'OUT_OF_RANGE':
          return t`Out of the accepted range`;
        case 'TAGS_REQUIRED':
          return t`Choose at least one photo tag`;
        case 'TARGET_REQUIRED':
          return t`Enter the address the link opens`;
        case 'TARGET_INVALID':
          return t`An address starting with https://`;
        case 'ITEMS_REQUIRED':
          return t`Add at least one checklist item`;
        case 'TOO_MANY':
          return t`Too many`;
        case 'AMBIGUOUS':
        case 'PLACE_AMBIGUOUS':
          return t`Several places have this title and city: use placeId`;
        case 'CHECKLIST_TRANSLATION_MISSING':
          return t`The task type has no texts in this market's language yet`;
        case 'STAFF_MARKET_REFUSED':
          return t`Outside the markets you work in`;
        case 'PRODUCTS_INVALID':
          return t`Some products are not valid: see the marked rows`;
        case 'NOT_FOUND':
          return t`Not found`;
        case 'PLACE_NOT_FOUND':
          return t`No such place`;
        case 'TASK_TYPE_NOT_FOUND':
          return t`No such task type`;
        case 'COUNTRY_INVALID':
          return t`Choose a market`;
        case 'COORDINATES_INVALID':
        case 'LATITUDE_INVALID':
        case 'LONGITUDE_INVALID':
          return t`Not valid coordinates`;
        default:
          return t`Not accepted (${code})`;
      }
    },
    [t],
  );
}
