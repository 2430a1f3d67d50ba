/**
 * Spec section 7: "A cookie named shop is set to the place title for one day." Set when a task's
 * detail opens (the store the tasker is looking at), so the support and knowledge-base pages on the
 * same site can tell which store the question is about. Percent-encoded (titles carry spaces,
 * commas, Lithuanian letters), SameSite=Lax, the whole site.
 */
export const SHOP_COOKIE = 'shop';
export const SHOP_COOKIE_MAX_AGE_S = 24 * 60 * 60;

export function shopCookie(placeTitle: string, secure: boolean): string {
  return `${SHOP_COOKIE}=${encodeURIComponent(placeTitle)}; Max-Age=${SHOP_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function setShopCookie(placeTitle: string): void {
  if (typeof document === 'undefined' || placeTitle.trim() === '') return;
  document.cookie = shopCookie(placeTitle.trim(), window.location.protocol === 'https:');
}
