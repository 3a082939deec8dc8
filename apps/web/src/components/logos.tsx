/** Logos drawn inline so the app needs no external or extra image requests. */
export function OvationMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#047f77" />
      <circle cx="16" cy="16" r="8.5" fill="none" stroke="#ffffff" strokeWidth="3.5" />
      <circle cx="16" cy="16" r="2.6" fill="#f6a81c" />
    </svg>
  );
}

export function OvationLogo({ size = 32, color = 'inherit' }: { size?: number; color?: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, color, fontWeight: 800, letterSpacing: 0.3 }}>
      <OvationMark size={size} />
      <span style={{ fontSize: size * 0.62 }}>Ovation</span>
    </span>
  );
}

/** The rewards provider's mark (spec §2 footer). */
export function RewardsProviderLogo() {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontWeight: 700 }}>
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <rect x="3" y="9" width="18" height="12" rx="2" fill="#f6a81c" />
        <rect x="2" y="6" width="20" height="4" rx="1.5" fill="#da8d00" />
        <rect x="11" y="6" width="2" height="15" fill="#ffffff" />
        <path d="M12 6c-2-4-6-4-6-1.5S10 6 12 6zm0 0c2-4 6-4 6-1.5S14 6 12 6z" fill="#da8d00" />
      </svg>
      <span>Kudos Rewards</span>
    </span>
  );
}
