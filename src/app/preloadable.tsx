import { lazy, type ComponentType, type JSX, type LazyExoticComponent } from 'react';
import type { Catalogue } from '../i18n/catalogue';
import { useCatalogue } from './i18n-provider';

export type Preloadable<P extends object> = ComponentType<P> & { preload: (catalogue?: Catalogue) => Promise<void> };

/**
 * A code-split component that can be loaded ahead of its first render, with its own part of the
 * messages (`messages`, docs/decisions/020). Once both are there it renders at once, without a
 * Suspense fallback: the first paint of a page loaded by address shows the page itself, not a
 * loading line that the page then pushes down (no layout shift). Until then it suspends.
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  messages?: string,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  const loadWith = async (catalogue?: Catalogue) => {
    const [module] = await Promise.all([load(), messages ? catalogue?.ready(messages) : undefined]);
    loaded = module.default;
    return module;
  };
  // One lazy component per catalogue (one in the browser; one per rendered app in tests).
  const lazies = new WeakMap<Catalogue, LazyExoticComponent<ComponentType<P>>>();
  const lazyFor = (catalogue: Catalogue) => {
    let Lazy = lazies.get(catalogue);
    if (!Lazy) {
      Lazy = lazy(() => loadWith(catalogue));
      lazies.set(catalogue, Lazy);
    }
    return Lazy;
  };
  function Component(props: P) {
    const catalogue = useCatalogue();
    const Loaded = loaded;
    if (Loaded && (!messages || catalogue.has(messages))) return <Loaded {...props} />;
    const Lazy = lazyFor(catalogue);
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the props are the component's own; the lazy wrapper only widens their type.
    return <Lazy {...(props as P & JSX.IntrinsicAttributes)} />;
  }
  return Object.assign(Component, {
    preload: async (catalogue?: Catalogue) => {
      if (!loaded || (messages && catalogue && !catalogue.has(messages))) await loadWith(catalogue);
    },
  });
}
