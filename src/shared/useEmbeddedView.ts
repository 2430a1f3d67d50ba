/** `?hideNavigation` or `?isEmbeddedView` hide the app chrome (top bar, drawer, bottom navigation). */
import { useSearchParams } from 'react-router';

function flag(value: string | null): boolean {
  return value !== null && value !== 'false' && value !== '0';
}

export function useEmbeddedView(): boolean {
  const [params] = useSearchParams();
  return flag(params.get('hideNavigation')) || flag(params.get('isEmbeddedView'));
}
