import { useIntl, type MessageDescriptor } from 'react-intl';
import jobDe from './illustrations/job-de.svg';
import jobEn from './illustrations/job-en.svg';
import storageDe from './illustrations/storage-de.svg';
import storageEn from './illustrations/storage-en.svg';

/** SPEC §2: language-specific illustrations (our own artwork, one per language). */
const sources = {
  storage: { en: storageEn, de: storageDe },
  job: { en: jobEn, de: jobDe },
} as const;

export function Illustration({ kind, alt }: { kind: keyof typeof sources; alt: MessageDescriptor }) {
  const intl = useIntl();
  const language = intl.locale.startsWith('de') ? 'de' : 'en';
  return (
    <figure className="tutorial-figure">
      <img src={sources[kind][language]} alt={intl.formatMessage(alt)} width={760} height={560} loading="lazy" />
    </figure>
  );
}
