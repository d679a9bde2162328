import { defineMessages } from 'react-intl';
import type { LicenceType } from '../../domain/constants';

/** The product lines as the tabs and summaries name them (SPEC §1: VE, PBS, MG). */
export const typeMessages = defineMessages<LicenceType>({
  VE: { id: 'shop.type.VE', defaultMessage: 'Virtualisation (VE)' },
  PBS: { id: 'shop.type.PBS', defaultMessage: 'Backup Server (PBS)' },
  MG: { id: 'shop.type.MG', defaultMessage: 'Mail Gateway (MG)' },
});

export const shopMessages = defineMessages({
  title: { id: 'shop.title', defaultMessage: 'Licence shop' },
});

export const countMessages = defineMessages<{ cpuCount: { count: number } }>({
  cpuCount: { id: 'shop.cpuCount', defaultMessage: '{count, plural, one {# CPU socket} other {# CPU sockets}}' },
});
