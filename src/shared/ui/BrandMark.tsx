/** The product's hexagon mark; decorative, so hidden from assistive technology. */
export function BrandMark({ size = '2.5rem' }: { size?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="nv-brand" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3EEBFF" />
          <stop offset="1" stopColor="#2dc1c6" />
        </linearGradient>
      </defs>
      <path d="M32 6 55 19v26L32 58 9 45V19z" fill="rgba(45,193,198,0.12)" stroke="url(#nv-brand)" strokeWidth="3.5" strokeLinejoin="round" />
      <path d="M32 18 44 25v14l-12 7-12-7V25z" fill="none" stroke="url(#nv-brand)" strokeWidth="2.5" strokeLinejoin="round" opacity="0.7" />
      <circle cx="32" cy="32" r="5" fill="#3EEBFF" />
    </svg>
  );
}
