import { lazy, Suspense, type ComponentType } from 'react';
import { Loading } from 'react-admin';

/**
 * A screen loaded on first use (DESIGN.md: the initial bundle is the frame alone). The
 * module's default export is the screen. While its code is on the way the place is marked busy
 * at once: react-admin's spinner shows only after a second (no flash on a fast network), and
 * until then assistive technology, and the browser tests' wait for a settled screen, would find
 * an empty screen that looks finished.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Screen = lazy(load);
  const LazyScreen = () => (
    <Suspense
      fallback={
        <div aria-busy="true">
          <Loading />
        </div>
      }
    >
      <Screen />
    </Suspense>
  );
  return LazyScreen;
}
