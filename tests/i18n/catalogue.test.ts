import { describe, expect, it } from 'vitest';
import type { Language } from '../../src/domain/constants';
import { Catalogue } from '../../src/i18n/catalogue';
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

describe('the catalogue of messages', () => {
  it('loads a part once, however many pages ask for it at a time, and has it when it is there', async () => {
    const { load, asked, answer } = loader();
    const catalogue = new Catalogue('en', load);
    const first = catalogue.ready('dashboard');
    const second = catalogue.ready('dashboard');
    expect(catalogue.has('dashboard')).toBe(false);
    await answer('en/dashboard');
    await Promise.all([first, second]);
    expect(asked).toEqual(['en/dashboard']);
    expect(catalogue.has('dashboard')).toBe(true);
    expect(catalogue.snapshot().messages).toEqual({ 'dashboard.title': 'en/dashboard title' });
  });

  it('adds each part to the messages already there and tells its listeners', async () => {
    const { load, answer } = loader();
    const catalogue = new Catalogue('de', load);
    let told = 0;
    catalogue.subscribe(() => {
      told += 1;
    });
    const core = catalogue.ready('core');
    await answer('de/core');
    await core;
    const shop = catalogue.ready('shop');
    await answer('de/shop');
    await shop;
    expect(told).toBe(2);
    expect(catalogue.snapshot()).toEqual({
      language: 'de',
      messages: { 'core.title': 'de/core title', 'shop.title': 'de/shop title' },
    });
  });

  it('asks again for a part whose loading failed', async () => {
    const { load, asked, fail, answer } = loader();
    const catalogue = new Catalogue('en', load);
    const failed = catalogue.ready('shop');
    await fail('en/shop');
    await expect(failed).rejects.toThrow('offline');
    const retried = catalogue.ready('shop');
    await answer('en/shop');
    await retried;
    expect(asked).toEqual(['en/shop', 'en/shop']);
    expect(catalogue.has('shop')).toBe(true);
  });

  it('switches language only when every part loaded so far is there in the new one, keeping the old messages meanwhile', async () => {
    const { load, asked, answer } = loader();
    const catalogue = new Catalogue('en', load);
    const parts = Promise.all([catalogue.ready('core'), catalogue.ready('login')]);
    await answer('en/core');
    await answer('en/login');
    await parts;
    const switched = catalogue.switchTo('de');
    await answer('de/core');
    expect(catalogue.snapshot().language).toBe('en');
    await answer('de/login');
    await switched;
    expect(asked.slice(2).sort()).toEqual(['de/core', 'de/login']);
    expect(catalogue.snapshot()).toEqual({
      language: 'de',
      messages: { 'core.title': 'de/core title', 'login.title': 'de/login title' },
    });
  });

  it('loads in the new language a part that a page asked for while the switch was under way', async () => {
    const { load, answer } = loader();
    const catalogue = new Catalogue('en', load);
    const core = catalogue.ready('core');
    await answer('en/core');
    await core;
    const switched = catalogue.switchTo('de');
    const dashboard = catalogue.ready('dashboard');
    await answer('en/dashboard');
    await answer('de/core');
    await answer('de/dashboard');
    await Promise.all([switched, dashboard]);
    expect(catalogue.snapshot()).toEqual({
      language: 'de',
      messages: { 'core.title': 'de/core title', 'dashboard.title': 'de/dashboard title' },
    });
    expect(catalogue.has('dashboard')).toBe(true);
  });

  it('loads a part again in the new language when the switch finished while the part was on its way', async () => {
    const { load, asked, answer } = loader();
    const catalogue = new Catalogue('en', load);
    const core = catalogue.ready('core');
    await answer('en/core');
    await core;
    const shop = catalogue.ready('shop');
    const switched = catalogue.switchTo('de');
    await answer('de/core');
    await switched;
    await answer('en/shop');
    await answer('de/shop');
    await shop;
    expect(asked).toEqual(['en/core', 'en/shop', 'de/core', 'de/shop']);
    expect(catalogue.snapshot().messages).toEqual({ 'core.title': 'de/core title', 'shop.title': 'de/shop title' });
  });

  it('lets the later of two switches win', async () => {
    const { load, answer } = loader();
    const catalogue = new Catalogue('en', load, { messages: { 'core.title': 'en' } });
    const toGerman = catalogue.switchTo('de');
    const back = catalogue.switchTo('en');
    await answer('de/core');
    await Promise.all([toGerman, back]);
    expect(catalogue.snapshot()).toEqual({ language: 'en', messages: { 'core.title': 'en' } });
  });

  it('has every part at once when it is whole, and switches with one load of the whole language', async () => {
    const catalogue = Catalogue.whole('en', { en: { a: 'A' }, de: { a: 'Ä' } });
    expect(catalogue.has('dashboard')).toBe(true);
    await catalogue.ready('dashboard');
    await catalogue.switchTo('de');
    expect(catalogue.snapshot()).toEqual({ language: 'de', messages: { a: 'Ä' } });
  });
});
