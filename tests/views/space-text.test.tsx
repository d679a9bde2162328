import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import de from '../../translations/de.json';
import en from '../../translations/en.json';
import { spaceText } from '../../src/views/dashboard/space-text';

const german = createIntl({ locale: 'de', messages: de });
const english = createIntl({ locale: 'en', messages: en });

describe('the space texts of the dashboard', () => {
  it('writes a space text in the reader’s language, with a non-breaking space before the unit', () => {
    expect(spaceText('4.25 TB', german)).toBe('4,25\u00a0TB');
    expect(spaceText('4.25 TB', english)).toBe('4.25\u00a0TB');
    expect(spaceText('1.50 TB', german)).toBe('1,50\u00a0TB');
    expect(spaceText('850 GB', german)).toBe('850\u00a0GB');
  });

  it('translates the dynamic rate’s unlimited total and shows any other text as it comes', () => {
    expect(spaceText('unlimited', german)).toBe('unbegrenzt');
    expect(spaceText('unlimited', english)).toBe('unlimited');
    expect(spaceText('about a terabyte', german)).toBe('about a terabyte');
  });
});
