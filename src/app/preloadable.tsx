import { lazy, use, type ComponentType, type JSX } from 'react';
import type { Catalogue } from '../i18n/catalogue';
import { useCatalogue } from './i18n-provider';

export type Preloadable<P extends object> = ComponentType<P> & { preload: (catalogue?: Catalogue) => Promise<void> };

/**
 * A code-split component that can be loaded ahead of its first render, with its own part of the
 * messages (`messages`, docs/decisions/020). Once loaded it renders at once, without a Suspense
 * fallback: the first paint of a page loaded by address shows the page itself, not a loading
 * line that the page then pushes down (no layout shift).
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, messages?: string): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  const Lazy = lazy(async () => {
    const module = await load();
    loaded = module.default;
    return module;
  });
  function Component(props: P) {
    const catalogue = useCatalogue();
    // Suspends (the page's Suspense boundary shows its loading line) until the part is there;
    // one that is there already is a settled promise, read without suspending.
    if (messages) use(catalogue.ready(messages));
    const Loaded = loaded;
    // The props are the component's own; the lazy wrapper only widens their type.
    return Loaded ? <Loaded {...props} /> : <Lazy {...(props as P & JSX.IntrinsicAttributes)} />;
  }
  return Object.assign(Component, {
    preload: async (catalogue?: Catalogue) => {
      await Promise.all([
        loaded ? undefined : load().then((module) => { loaded = module.default; }),
        messages ? catalogue?.ready(messages) : undefined,
      ]);
    },
  });
}
