import type { Language } from '../domain/constants';
import type { Messages } from './language';

/** Loads one part of a language's messages (docs/decisions/020). */
export type PartLoader = (language: Language, part: string) => Promise<Messages>;

export interface MessageSnapshot {
  language: Language;
  messages: Messages;
}

/** The parts of one language, all of one kind (strings, or syntax trees in a build). */
function merge(parts: Messages[]): Messages {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Object.assign of several parts widens to a record of either kind; they are all one kind.
  return Object.assign({}, ...parts) as Messages;
}

/**
 * The messages the app speaks in, loaded part by part: `core` at the start, and a page's own
 * part before the page first renders (src/lib/preloadable.tsx). Switching the language loads
 * every part loaded so far in the new language first, and keeps the current messages on screen
 * until then, so the page never flashes untranslated. React reads it as an external store.
 */
export class MessageStore {
  private current: MessageSnapshot;
  private readonly loaded = new Set<string>();
  private readonly pending = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  private target: Language;

  /**
   * `complete`: the messages given are all there are (tests, prerendering); no part is ever
   * loaded for the first language.
   */
  private readonly complete: boolean;

  constructor(
    language: Language,
    private readonly load: PartLoader,
    initial?: { messages: Messages; complete?: boolean },
  ) {
    this.current = { language, messages: initial?.messages ?? {} };
    this.target = language;
    this.complete = initial?.complete === true;
    if (initial) this.loaded.add('core');
  }

  /** A messageStore of every message, in each language (tests and prerendering). */
  static whole(language: Language, messages: Record<Language, Messages>): MessageStore {
    return new MessageStore(language, async (next) => messages[next], { messages: messages[language], complete: true });
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): MessageSnapshot => this.current;

  /** Whether the messages of `part` are there in the current language. */
  has(part: string): boolean {
    return this.complete || this.loaded.has(part);
  }

  /** Loads `part` in the current language, once; resolves when its messages are in the snapshot. */
  ready(part: string): Promise<void> {
    if (this.has(part)) return Promise.resolve();
    const language = this.current.language;
    const key = `${language}/${part}`;
    let promise = this.pending.get(key);
    if (!promise) {
      promise = this.load(language, part).then(
        (messages) => {
          this.pending.delete(key);
          // The language changed meanwhile: the page needs the part in the new one.
          if (this.current.language !== language) return this.ready(part);
          if (this.loaded.has(part)) return;
          this.loaded.add(part);
          this.publish({ language, messages: merge([this.current.messages, messages]) });
        },
        (error: unknown) => {
          this.pending.delete(key);
          throw error;
        },
      );
      this.pending.set(key, promise);
    }
    return promise;
  }

  /**
   * Loads the parts there are so far in `language`, then speaks it; a part that a page asks for
   * meanwhile is loaded too. A later switch wins.
   */
  async switchTo(language: Language): Promise<void> {
    this.target = language;
    if (this.current.language === language) return;
    const done = new Set<string>();
    const messages: Messages[] = [];
    for (;;) {
      const wanted = [...new Set(this.complete ? ['core'] : ['core', ...this.loaded])].filter(
        (part) => !done.has(part),
      );
      if (wanted.length === 0) break;
      const loaded = await Promise.all(wanted.map((part) => this.load(language, part)));
      if (this.target !== language) return;
      for (const part of wanted) done.add(part);
      messages.push(...loaded);
    }
    this.loaded.clear();
    for (const part of done) this.loaded.add(part);
    this.publish({ language, messages: merge(messages) });
  }

  private publish(next: MessageSnapshot) {
    this.current = next;
    for (const listener of this.listeners) listener();
  }
}
