import { describe, expect, it } from 'vitest';
import { tabForKey } from '../../src/views/shared/tab-keys';

const tabs = ['VE', 'PBS', 'MG'] as const;

describe('the keys of a tab list', () => {
  it('move to the next tab with the right arrow, from the last to the first', () => {
    expect(tabs.map((tab) => tabForKey('ArrowRight', tabs, tab))).toEqual(['PBS', 'MG', 'VE']);
  });

  it('move to the previous tab with the left arrow, from the first to the last', () => {
    expect(tabs.map((tab) => tabForKey('ArrowLeft', tabs, tab))).toEqual(['MG', 'VE', 'PBS']);
  });

  it('jump to the first tab with Home and to the last with End, from any tab', () => {
    expect(tabs.map((tab) => tabForKey('Home', tabs, tab))).toEqual(['VE', 'VE', 'VE']);
    expect(tabs.map((tab) => tabForKey('End', tabs, tab))).toEqual(['MG', 'MG', 'MG']);
  });

  it('leave every other key to the page', () => {
    expect(['ArrowDown', 'ArrowUp', 'Enter', ' ', 'Tab', 'a'].map((key) => tabForKey(key, tabs, 'PBS'))).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
