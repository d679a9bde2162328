import { lazy, type ComponentType, type JSX } from 'react';

export type Preloadable<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A code-split component that can be loaded ahead of its first render. Once loaded it renders
 * at once, without a Suspense fallback: the first paint of a page loaded by address shows the
 * page itself, not a loading line that the page then pushes down (no layout shift).
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  const Lazy = lazy(async () => {
    const module = await load();
    loaded = module.default;
    return module;
  });
  function Component(props: P) {
    const Loaded = loaded;
    // The props are the component's own; the lazy wrapper only widens their type.
    return Loaded ? <Loaded {...props} /> : <Lazy {...(props as P & JSX.IntrinsicAttributes)} />;
  }
  return Object.assign(Component, {
    preload: async () => {
      if (!loaded) loaded = (await load()).default;
    },
  });
}
