import { describe, expect, it } from 'vitest';
import type { Language } from '../../src/domain/constants';
import { MessageStore } from '../../src/i18n/message-store';
import type { Messages } from '../../src/i18n/language';

/** A loader whose answers the test releases one by one, recording what was asked. */
function loader() {
  const asked: string[] = [];
  const waiting = new Map<string, { resolve: (messages: Messages) => void; reject: (error: Error) => void }>();
  const load = (language: Language, part: string) => {
    asked.push(`${language}/${part}`);
    return new Promise<Messages>((resolve, reject) => waiting.set(`${language}/${part}`, { resolve, reject }));
  };
  const answer = async (key: string, messages: Messages = { [`${key.split('/')[1]}.title`]: `${key} title` }) => {
    const call = waiting.get(key);
    if (!call) throw new Error(`${key} was not asked for`);
    waiting.delete(key);
    call.resolve(messages);
    await Promise.resolve();
    await Promise.resolve();
  };
  const fail = async (key: string) => {
    waiting.get(key)?.reject(new Error('offline'));
    waiting.delete(key);
    await Promise.resolve();
  };
  return { load, asked, answer, fail };
}

describe('the message store', () => {
  it('loads a part once, however many pages ask for it at a time, and has it when it is there', async () => {
    const { load, asked, answer } = loader();
    const store = new MessageStore('en', load);
    const first = store.ready('dashboard');
    const second = store.ready('dashboard');
    expect(store.has('dashboard')).toBe(false);
    await answer('en/dashboard');
    await Promise.all([first, second]);
    expect(asked).toEqual(['en/dashboard']);
    expect(store.has('dashboard')).toBe(true);
    expect(store.snapshot().messages).toEqual({ 'dashboard.title': 'en/dashboard title' });
  });

  it('adds each part to the messages already there and tells its listeners', async () => {
    const { load, answer } = loader();
    const store = new MessageStore('de', load);
    let told = 0;
    store.subscribe(() => {
      told += 1;
    });
    const core = store.ready('core');
    await answer('de/core');
    await core;
    const shop = store.ready('shop');
    await answer('de/shop');
    await shop;
    expect(told).toBe(2);
    expect(store.snapshot()).toEqual({
      language: 'de',
      messages: { 'core.title': 'de/core title', 'shop.title': 'de/shop title' },
    });
  });

  it('asks again for a part whose loading failed', async () => {
    const { load, asked, fail, answer } = loader();
    const store = new MessageStore('en', load);
    const failed = store.ready('shop');
    await fail('en/shop');
    await expect(failed).rejects.toThrow('offline');
    const retried = store.ready('shop');
    await answer('en/shop');
    await retried;
    expect(asked).toEqual(['en/shop', 'en/shop']);
    expect(store.has('shop')).toBe(true);
  });

  it('switches language only when every part loaded so far is there in the new one, keeping the old messages meanwhile', async () => {
    const { load, asked, answer } = loader();
    const store = new MessageStore('en', load);
    const parts = Promise.all([store.ready('core'), store.ready('login')]);
    await answer('en/core');
    await answer('en/login');
    await parts;
    const switched = store.switchTo('de');
    await answer('de/core');
    expect(store.snapshot().language).toBe('en');
    await answer('de/login');
    await switched;
    expect(asked.slice(2).sort()).toEqual(['de/core', 'de/login']);
    expect(store.snapshot()).toEqual({
      language: 'de',
      messages: { 'core.title': 'de/core title', 'login.title': 'de/login title' },
    });
  });

  it('loads in the new language a part that a page asked for while the switch was under way', async () => {
    const { load, answer } = loader();
    const store = new MessageStore('en', load);
    const core = store.ready('core');
    await answer('en/core');
    await core;
    const switched = store.switchTo('de');
    const dashboard = store.ready('dashboard');
    await answer('en/dashboard');
    await answer('de/core');
    await answer('de/dashboard');
    await Promise.all([switched, dashboard]);
    expect(store.snapshot()).toEqual({
      language: 'de',
      messages: { 'core.title': 'de/core title', 'dashboard.title': 'de/dashboard title' },
    });
    expect(store.has('dashboard')).toBe(true);
  });

  it('loads a part again in the new language when the switch finished while the part was on its way', async () => {
    const { load, asked, answer } = loader();
    const store = new MessageStore('en', load);
    const core = store.ready('core');
    await answer('en/core');
    await core;
    const shop = store.ready('shop');
    const switched = store.switchTo('de');
    await answer('de/core');
    await switched;
    await answer('en/shop');
    await answer('de/shop');
    await shop;
    expect(asked).toEqual(['en/core', 'en/shop', 'de/core', 'de/shop']);
    expect(store.snapshot().messages).toEqual({ 'core.title': 'de/core title', 'shop.title': 'de/shop title' });
  });

  it('lets the later of two switches win', async () => {
    const { load, answer } = loader();
    const store = new MessageStore('en', load, { messages: { 'core.title': 'en' } });
    const toGerman = store.switchTo('de');
    const back = store.switchTo('en');
    await answer('de/core');
    await Promise.all([toGerman, back]);
    expect(store.snapshot()).toEqual({ language: 'en', messages: { 'core.title': 'en' } });
  });

  it('has every part at once when it is whole, and switches with one load of the whole language', async () => {
    const store = MessageStore.whole('en', { en: { a: 'A' }, de: { a: 'Ä' } });
    expect(store.has('dashboard')).toBe(true);
    await store.ready('dashboard');
    await store.switchTo('de');
    expect(store.snapshot()).toEqual({ language: 'de', messages: { a: 'Ä' } });
  });
});
