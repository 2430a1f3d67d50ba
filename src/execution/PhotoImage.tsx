/**
 * A task photo: from its local JPEG until uploaded, then from the server URL. The object URL is
 * created and revoked by the effect that sets it on the <img> (revoked on change and unmount),
 * so no blob URL outlives the element.
 */
import { useEffect, useRef } from 'react';
import type { PhotoRow } from '#db/schema';
import { photoDisplay } from './photoSource';

export function PhotoImage({ photo, alt }: { photo: Pick<PhotoRow, 'blob' | 'url' | 'uploadState'>; alt: string }) {
  const ref = useRef<HTMLImageElement>(null);
  const { blob, url } = photoDisplay(photo);
  useEffect(() => {
    const img = ref.current;
    if (!img) return;
    if (!blob) {
      if (url) img.src = url;
      else img.removeAttribute('src');
      return;
    }
    const local = URL.createObjectURL(blob);
    img.src = local;
    return () => URL.revokeObjectURL(local);
  }, [blob, url]);
  return <img ref={ref} alt={alt} decoding="async" />;
}
