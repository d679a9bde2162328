/** Our own mark: a shield holding three stacked disks. Decorative; the name is text beside it. */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <path d="M20 2 36 8v11c0 9.5-6.6 16.8-16 19C10.6 35.8 4 28.5 4 19V8z" fill="#0b5cad" />
      <g fill="#fff">
        <rect x="12" y="11" width="16" height="4.5" rx="2" />
        <rect x="12" y="17.5" width="16" height="4.5" rx="2" />
        <rect x="12" y="24" width="16" height="4.5" rx="2" />
      </g>
    </svg>
  );
}
