/** A five-pointed star, decorative (aria-hidden): its meaning is given in text next to it. */
interface Props {
  filled?: boolean;
  className?: string;
}

export default function StarIcon({ filled = true, className = 'size-4' }: Props) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 20 20"
      className={className}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={filled ? 0 : 1.5}
    >
      <path d="M10 1.5l2.6 5.5 6 .7-4.4 4.1 1.2 5.9L10 14.8l-5.4 2.9 1.2-5.9L1.4 7.7l6-.7z" strokeLinejoin="round" />
    </svg>
  );
}
