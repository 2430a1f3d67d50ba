/**
 * Lets a screen replace the top bar's route title with its own (e.g. the task detail shows the
 * task's title): `useScreenTitle(task?.title)`. Cleared when the screen unmounts.
 */
import { createContext, useContext, useEffect } from 'react';

export const ScreenTitleContext = createContext<(title: string | null) => void>(() => undefined);

export function useScreenTitle(title: string | null | undefined): void {
  const setTitle = useContext(ScreenTitleContext);
  useEffect(() => {
    setTitle(title ?? null);
    return () => setTitle(null);
  }, [title, setTitle]);
}
