import { lazy, type ComponentType, type JSX, type LazyExoticComponent } from 'react';
import type { MessageStore } from '../i18n/message-store';
import { useMessageStore } from './i18n-provider';

export type Preloadable<P extends object> = ComponentType<P> & {
  preload: (messageStore?: MessageStore) => Promise<void>;
};

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
  const loadWith = async (messageStore?: MessageStore) => {
    const [module] = await Promise.all([load(), messages ? messageStore?.ready(messages) : undefined]);
    loaded = module.default;
    return module;
  };
  // One lazy component per messageStore (one in the browser; one per rendered app in tests).
  const lazies = new WeakMap<MessageStore, LazyExoticComponent<ComponentType<P>>>();
  const lazyFor = (messageStore: MessageStore) => {
    let Lazy = lazies.get(messageStore);
    if (!Lazy) {
      Lazy = lazy(() => loadWith(messageStore));
      lazies.set(messageStore, Lazy);
    }
    return Lazy;
  };
  function Component(props: P) {
    const messageStore = useMessageStore();
    const Loaded = loaded;
    if (Loaded && (!messages || messageStore.has(messages))) return <Loaded {...props} />;
    const Lazy = lazyFor(messageStore);
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the props are the component's own; the lazy wrapper only widens their type.
    return <Lazy {...(props as P & JSX.IntrinsicAttributes)} />;
  }
  return Object.assign(Component, {
    preload: async (messageStore?: MessageStore) => {
      if (!loaded || (messages && messageStore && !messageStore.has(messages))) await loadWith(messageStore);
    },
  });
}
