/** A card's 4:3 picture, its size reserved; eager in its list's first row, lazy after it (src/lib/first-paint.ts). */
import { cardPictureLoading } from '../../lib/first-paint.ts';
import { PICTURE_HEIGHT, PICTURE_WIDTH } from '../../lib/pictures.ts';

interface Props {
  src: string;
  /** The card's place in its list (0-based); without it the picture loads lazily. */
  position?: number | undefined;
  /** The list's first picture is the page's leading one (not when a larger picture comes first). */
  leads?: boolean | undefined;
  /** Cards in the list's first row. */
  rowLength?: number | undefined;
  /** Classes beyond the picture's own (a hover effect). */
  className?: string | undefined;
}

export default function CardPicture({ src, position, leads, rowLength, className }: Props) {
  const picture = cardPictureLoading(position, { leads, rowLength });
  return (
    <img
      src={src}
      alt=""
      width={PICTURE_WIDTH}
      height={PICTURE_HEIGHT}
      loading={picture.loading}
      fetchPriority={picture.fetchPriority}
      decoding="async"
      className={`block aspect-[4/3] w-full bg-brand-50 object-cover dark:bg-slate-800${className ? ` ${className}` : ''}`}
    />
  );
}
