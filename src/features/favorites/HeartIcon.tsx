/** A heart, decorative (aria-hidden): outlined, and filled inside a pressed toggle (`group` with aria-pressed). */
export default function HeartIcon({ className = 'size-6' }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className={`${className} fill-none group-aria-pressed:fill-current`}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinejoin="round"
    >
      <path d="M12 20.5s-8-4.7-8-10.6C4 7 6.1 5 8.6 5c1.5 0 2.7.7 3.4 1.9C12.7 5.7 13.9 5 15.4 5 17.9 5 20 7 20 9.9c0 5.9-8 10.6-8 10.6z" />
    </svg>
  );
}
