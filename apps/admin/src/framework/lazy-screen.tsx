import { lazy, Suspense, type ComponentType } from 'react';
import { Loading } from 'react-admin';

/**
 * A screen loaded on first use (DESIGN.md: the initial bundle is the frame alone). The
 * module's default export is the screen.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Screen = lazy(load);
  const LazyScreen = () => (
    <Suspense fallback={<Loading />}>
      <Screen />
    </Suspense>
  );
  return LazyScreen;
}
