import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampVolume,
  datastoreRate,
  datastoreUrl,
  isDynamic,
  pbsUser,
  productIdOf,
  productRate,
} from '../../src/domain/datastore';
import { isDatastoreIdentifier } from '../../src/domain/fields';
import { formatEur, volumeInGb, volumePriceEur } from '../../src/domain/prices';
import { identifierError } from '../../src/machines/purchase.machine';

const alphanumeric = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');

describe('the datastore identifier (SPEC §5)', () => {
  it('accepts 1 to 8 letters and digits', () => {
    fc.assert(
      fc.property(fc.array(alphanumeric, { minLength: 1, maxLength: 8 }), (chars) => {
        const identifier = chars.join('');
        expect(isDatastoreIdentifier(identifier)).toBe(true);
        expect(identifierError(identifier)).toBeUndefined();
      }),
    );
  });

  it('refuses anything longer than 8 characters', () => {
    fc.assert(
      fc.property(fc.array(alphanumeric, { minLength: 9, maxLength: 30 }), (chars) => {
        expect(identifierError(chars.join(''))).toBe('identifier');
      }),
    );
  });

  it('refuses any character that is not a letter or digit', () => {
    const other = fc.string({ minLength: 1, maxLength: 1 }).filter((char) => !/^[A-Za-z0-9]$/.test(char));
    fc.assert(
      fc.property(fc.string({ maxLength: 3 }), other, fc.string({ maxLength: 3 }), (before, char, after) => {
        expect(identifierError(`${before}${char}${after}`)).toBe('identifier');
      }),
    );
  });

  it('asks for an identifier when it is empty', () => {
    expect(identifierError('')).toBe('required');
  });
});

describe('prices and sizes (SPEC §9)', () => {
  it('prices a fixed volume at 20 EUR per TB per month, in German formatting', () => {
    expect(formatEur(volumePriceEur(1))).toBe('20,00\u00a0€');
    expect(formatEur(volumePriceEur(3))).toBe('60,00\u00a0€');
    expect(formatEur(volumePriceEur(20))).toBe('400,00\u00a0€');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), (volume) => {
        expect(volumePriceEur(volume)).toBe(volume * 20);
        expect(formatEur(volumePriceEur(volume))).toMatch(/^\d{2,3},00\u00a0€$/);
        expect(volumeInGb(volume)).toBe(volume * 1000);
      }),
    );
  });

  it('buys product 0 for the dynamic rate and the volume in TB for a fixed one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), (volume) => {
        expect(productIdOf('dynamic', volume)).toBe(0);
        expect(productIdOf('static', volume)).toBe(volume);
      }),
    );
  });

  it('keeps any slider value a whole number from 1 to 20', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        const volume = clampVolume(value);
        expect(Number.isInteger(volume)).toBe(true);
        expect(volume).toBeGreaterThanOrEqual(1);
        expect(volume).toBeLessThanOrEqual(20);
      }),
    );
  });

  it('knows the dynamic rate by volume 0', () => {
    expect(isDynamic({ volume: 0 })).toBe(true);
    expect(isDynamic({ volume: 5 })).toBe(false);
    expect(isDynamic({})).toBe(false);
  });

  it("reads a datastore's rate from its volume, and none when the answer leaves the volume out", () => {
    expect(datastoreRate({ volume: 0 })).toEqual({ kind: 'dynamic' });
    expect(datastoreRate({ volume: 5 })).toEqual({ kind: 'volume', volumeTb: 5 });
    expect(datastoreRate({ volume: null })).toBeNull();
    expect(datastoreRate({})).toBeNull();
  });

  it("reads a product's rate from dynamic_volume 1, else from its volume, and none without either", () => {
    expect(productRate({ dynamic_volume: 1, volume: 0 })).toEqual({ kind: 'dynamic' });
    expect(productRate({ dynamic_volume: 1 })).toEqual({ kind: 'dynamic' });
    expect(productRate({ dynamic_volume: 0, volume: 5 })).toEqual({ kind: 'volume', volumeTb: 5 });
    expect(productRate({ volume: 2 })).toEqual({ kind: 'volume', volumeTb: 2 });
    expect(productRate({ dynamic_volume: 0 })).toBeNull();
    expect(productRate({ dynamic_volume: null, volume: null })).toBeNull();
  });
});

describe('access data', () => {
  it('adds the realm suffix @pbs to the username once', () => {
    expect(pbsUser('k10001_backup')).toBe('k10001_backup@pbs');
    expect(pbsUser('k10001_backup@pbs')).toBe('k10001_backup@pbs');
  });

  it('opens a datastore at https://{hostname}:{port}', () => {
    expect(datastoreUrl('pbs1.backup.example.com', 8007)).toBe('https://pbs1.backup.example.com:8007/');
    expect(datastoreUrl('https://pbs2.backup.example.com', 8007)).toBe('https://pbs2.backup.example.com:8007/');
    expect(datastoreUrl('http://pbs2.backup.example.com/', 8007)).toBe('http://pbs2.backup.example.com:8007/');
  });

  it('builds no link from a host that is not a plain host name or an http(s) address', () => {
    for (const host of [
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://pbs1.example.com',
      'pbs1.example.com/evil',
      'user@pbs1.example.com',
      'https://user:pw@pbs1.example.com',
      'https://pbs1.example.com:9000',
      'https://pbs1.example.com/path',
      'pbs 1.example.com',
      '',
      '-bad.example.com',
      'pbs1.example.com?x=1',
    ]) {
      expect(datastoreUrl(host, 8007)).toBeNull();
    }
    expect(datastoreUrl('pbs1.example.com', 0)).toBeNull();
    expect(datastoreUrl('pbs1.example.com', 70_000)).toBeNull();
    expect(datastoreUrl('pbs1.example.com', 80.5)).toBeNull();
  });

  it('offers no link for a numeric host that is no IPv4 address', () => {
    expect(datastoreUrl('08', 8007)).toBeNull();
    expect(datastoreUrl('1.2.3.4.5', 8007)).toBeNull();
    expect(datastoreUrl('10.0.0.8', 8007)).toBe('https://10.0.0.8:8007/');
  });

  it('offers no link where the browser would open another host than the one shown', () => {
    for (const host of ['127.1', '0x10', '010.0.0.1', '4294967295']) expect(datastoreUrl(host, 8007)).toBeNull();
    expect(datastoreUrl('PBS1.Example.COM', 8007)).toBe('https://PBS1.Example.COM:8007/');
  });

  it('only ever builds https or http links, whatever the server sends', () => {
    const numeric = fc.string({ unit: fc.constantFrom(...'0123456789.x'.split('')), maxLength: 20 });
    fc.assert(
      fc.property(fc.oneof(fc.string(), numeric), fc.integer({ min: -10, max: 70_000 }), (host, port) => {
        const url = datastoreUrl(host, port);
        if (url === null) return;
        const parsed = new URL(url);
        expect(parsed.protocol).toMatch(/^https?:$/);
        // It opens the very host it names (the browser rewrites no part of it).
        expect(parsed.hostname).toBe(
          url
            .slice(parsed.protocol.length + 2)
            .split(':')[0]
            ?.toLowerCase(),
        );
      }),
    );
  });
});
