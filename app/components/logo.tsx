/** The Vendboard mark: a vending machine in the accent colour. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="4" y="2" width="24" height="28" rx="4" fill="var(--accent-9)" />
      <rect x="8" y="6" width="11" height="14" rx="1.5" fill="var(--accent-2)" />
      <rect x="10" y="8" width="3" height="3" rx="0.5" fill="var(--accent-9)" />
      <rect x="14" y="8" width="3" height="3" rx="0.5" fill="var(--accent-7)" />
      <rect x="10" y="13" width="3" height="3" rx="0.5" fill="var(--accent-7)" />
      <rect x="14" y="13" width="3" height="3" rx="0.5" fill="var(--accent-9)" />
      <rect x="21" y="7" width="4" height="2" rx="1" fill="var(--accent-2)" />
      <rect x="21" y="11" width="4" height="4" rx="1" fill="var(--accent-4)" />
      <rect x="8" y="23" width="16" height="3" rx="1.5" fill="var(--accent-11)" />
    </svg>
  );
}
