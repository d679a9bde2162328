import { defineMessages } from 'react-intl';
import { business, type Country } from '../../domain/constants';

/** SPEC §2, §5 and §9: Germany=DE, France=FR, Luxembourg=LUX, named once for every form and page. */
export const countryNames = defineMessages<Country>({
  DE: { id: 'country.DE', defaultMessage: 'Germany' },
  FR: { id: 'country.FR', defaultMessage: 'France' },
  LUX: { id: 'country.LUX', defaultMessage: 'Luxembourg' },
});

/** The options of every country select, in the order of `business.countries`. */
export const countryOptions = business.countries.map((value) => ({ value, label: countryNames[value] }));

/** Whether a code is one of SPEC §9's countries (else a page shows the code as given). */
export function isKnownCountry(code: string | null | undefined): code is Country {
  return code != null && Object.hasOwn(countryNames, code);
}
