/**
 * Our own artwork of where the access data goes in Proxmox VE (SPEC §2 configuration guide:
 * "screenshots"; we draw them, we do not copy another product's screens). The words in the
 * pictures follow the page's language, so each language gets its own illustration, and each
 * picture has a title and a description as its text alternative (WCAG 1.1.1).
 */
import { useId } from 'react';
import { defineMessages, useIntl } from 'react-intl';

const words = defineMessages({
  menuTitle: { id: 'dashboard.illustration.menuTitle', defaultMessage: 'Where to add the storage in Proxmox VE' },
  menuDescription: {
    id: 'dashboard.illustration.menuDescription',
    defaultMessage:
      'In the Proxmox VE web interface, select Datacenter, open Storage, click Add and choose Proxmox Backup Server.',
  },
  datacenter: { id: 'dashboard.illustration.datacenter', defaultMessage: 'Datacenter' },
  storage: { id: 'dashboard.illustration.storage', defaultMessage: 'Storage' },
  add: { id: 'dashboard.illustration.add', defaultMessage: 'Add' },
  directory: { id: 'dashboard.illustration.directory', defaultMessage: 'Directory' },
  pbs: { id: 'dashboard.illustration.pbs', defaultMessage: 'Proxmox Backup Server' },
  formTitle: {
    id: 'dashboard.illustration.formTitle',
    defaultMessage: 'The fields of the “Add: Proxmox Backup Server” dialog',
  },
  formDescription: {
    id: 'dashboard.illustration.formDescription',
    defaultMessage:
      'The dialog has the fields ID, Server, Username, Password, Datastore and Fingerprint. Numbers 1 to 4 mark Server, Username, Password and Datastore, which take the values listed beside the picture.',
  },
  dialog: { id: 'dashboard.illustration.dialog', defaultMessage: 'Add: Proxmox Backup Server' },
  id: { id: 'dashboard.illustration.id', defaultMessage: 'ID' },
  server: { id: 'dashboard.illustration.server', defaultMessage: 'Server' },
  username: { id: 'dashboard.illustration.username', defaultMessage: 'Username' },
  password: { id: 'dashboard.illustration.password', defaultMessage: 'Password' },
  datastore: { id: 'dashboard.illustration.datastore', defaultMessage: 'Datastore' },
  fingerprint: { id: 'dashboard.illustration.fingerprint', defaultMessage: 'Fingerprint' },
  ok: { id: 'dashboard.illustration.ok', defaultMessage: 'Add' },
});

const INK = '#1b1f24';
const MUTED = '#4a5560';
const LINE = '#8795a3';
const ACCENT = '#0b5cad';
const HIGHLIGHT = '#ffbf47';

function Badge({ x, y, n }: { x: number; y: number; n: number }) {
  return (
    <g>
      <circle cx={x} cy={y} r="11" fill={ACCENT} />
      <text x={x} y={y + 4.5} textAnchor="middle" fontSize="13" fontWeight="700" fill="#fff">
        {n}
      </text>
    </g>
  );
}

export function MenuIllustration() {
  const intl = useIntl();
  const id = useId();
  const t = (key: keyof typeof words) => intl.formatMessage(words[key]);
  return (
    <svg
      className="illustration"
      viewBox="0 0 360 200"
      role="img"
      aria-labelledby={`${id}-t`}
      aria-describedby={`${id}-d`}
    >
      <title id={`${id}-t`}>{t('menuTitle')}</title>
      <desc id={`${id}-d`}>{t('menuDescription')}</desc>
      <rect x="1" y="1" width="358" height="198" rx="8" fill="#fff" stroke={LINE} strokeWidth="2" />
      <rect x="1" y="1" width="358" height="24" rx="8" fill="#e9eef4" />
      <circle cx="16" cy="13" r="4" fill={LINE} />
      <circle cx="30" cy="13" r="4" fill={LINE} />
      <circle cx="44" cy="13" r="4" fill={LINE} />
      <line x1="110" y1="25" x2="110" y2="199" stroke={LINE} />
      <rect x="8" y="34" width="96" height="22" rx="4" fill={HIGHLIGHT} />
      <text x="14" y="49" fontSize="12" fontWeight="700" fill={INK}>
        {t('datacenter')}
      </text>
      <text x="24" y="72" fontSize="12" fill={MUTED}>
        {/* eslint-disable-next-line portal/words-in-jsx -- a name in the Proxmox VE interface, the same in every language */}
        pve1
      </text>
      <text x="24" y="92" fontSize="12" fill={MUTED}>
        {/* eslint-disable-next-line portal/words-in-jsx -- a name in the Proxmox VE interface, the same in every language */}
        pve2
      </text>
      <rect x="118" y="34" width="70" height="22" rx="4" fill={HIGHLIGHT} />
      <text x="124" y="49" fontSize="12" fontWeight="700" fill={INK}>
        {t('storage')}
      </text>
      <rect x="118" y="64" width="82" height="24" rx="4" fill="#fff" stroke={ACCENT} strokeWidth="2" />
      <text x="126" y="80" fontSize="12" fontWeight="700" fill={ACCENT}>
        {t('add')} ▾
      </text>
      <rect x="118" y="92" width="200" height="70" rx="4" fill="#fff" stroke={LINE} />
      <text x="128" y="112" fontSize="12" fill={MUTED}>
        {t('directory')}
      </text>
      <text x="128" y="132" fontSize="12" fill={MUTED}>
        {/* eslint-disable-next-line portal/words-in-jsx -- a name in the Proxmox VE interface, the same in every language */}
        NFS
      </text>
      <rect x="120" y="138" width="196" height="22" rx="3" fill={HIGHLIGHT} />
      <text x="128" y="153" fontSize="12" fontWeight="700" fill={INK}>
        {t('pbs')}
      </text>
    </svg>
  );
}

const FIELDS = [
  { key: 'id', badge: 0 },
  { key: 'server', badge: 1 },
  { key: 'username', badge: 2 },
  { key: 'password', badge: 3 },
  { key: 'datastore', badge: 4 },
  { key: 'fingerprint', badge: 0 },
] as const;

export function FormIllustration() {
  const intl = useIntl();
  const id = useId();
  const t = (key: keyof typeof words) => intl.formatMessage(words[key]);
  return (
    <svg
      className="illustration"
      viewBox="0 0 360 250"
      role="img"
      aria-labelledby={`${id}-t`}
      aria-describedby={`${id}-d`}
    >
      <title id={`${id}-t`}>{t('formTitle')}</title>
      <desc id={`${id}-d`}>{t('formDescription')}</desc>
      <rect x="1" y="1" width="358" height="248" rx="8" fill="#fff" stroke={LINE} strokeWidth="2" />
      <rect x="1" y="1" width="358" height="28" rx="8" fill="#e9eef4" />
      <text x="14" y="20" fontSize="13" fontWeight="700" fill={INK}>
        {t('dialog')}
      </text>
      {FIELDS.map((field, index) => {
        const y = 44 + index * 30;
        const marked = field.badge > 0;
        return (
          <g key={field.key}>
            <text x="14" y={y + 15} fontSize="12" fill={marked ? INK : MUTED} fontWeight={marked ? 700 : 400}>
              {t(field.key)}:
            </text>
            <rect
              x="120"
              y={y}
              width="196"
              height="22"
              rx="3"
              fill={marked ? '#fff8e6' : '#f4f6f9'}
              stroke={marked ? ACCENT : LINE}
              strokeWidth={marked ? 2 : 1}
            />
            {field.key === 'password' && (
              <text x="128" y={y + 15} fontSize="12" fill={MUTED}>
                ••••••••
              </text>
            )}
            {marked && <Badge x={336} y={y + 11} n={field.badge} />}
          </g>
        );
      })}
      <rect x="252" y="222" width="64" height="22" rx="4" fill={ACCENT} />
      <text x="284" y="237" textAnchor="middle" fontSize="12" fontWeight="700" fill="#fff">
        {t('ok')}
      </text>
    </svg>
  );
}
