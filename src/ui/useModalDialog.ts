/**
 * Drives a native modal <dialog> from an `open` flag: showModal() when it turns true (the browser
 * then traps focus, makes the page behind inert and handles Escape), close() when it turns false.
 * The returned props go on the <dialog>: Escape and a tap on the backdrop both call `onClose`, so
 * the owner's state stays the one truth about whether it is open.
 */
import { useEffect, useRef, type MouseEvent } from 'react';

export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return {
    ref,
    onClose,
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      // A click on the <dialog> itself (not its content) is a click on the backdrop.
      if (event.target === ref.current) onClose();
    },
  };
}
