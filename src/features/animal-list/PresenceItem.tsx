/**
 * A list item that fades and slides in when it joins the list and out when it leaves
 * (inside motion's AnimatePresence, mode "popLayout"). The animations run on the Web
 * Animations API through motion's mini `useAnimate`, a small fraction of what `m`
 * components and a feature bundle weigh: the whole island then fits the page's script budget
 * (npm run size) with room for the header. With prefers-reduced-motion the items
 * simply appear and disappear.
 */
import { usePresence } from 'motion/react';
import { useAnimate } from 'motion/react-mini';
import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { prefersReducedMotion } from '../../lib/reduced-motion.ts';
import { CARD_ENTER, CARD_ENTER_MS, CARD_EXIT, CARD_EXIT_MS } from './card-motion.ts';

interface Props {
  children: ReactNode;
  /** False for the items of the first render (they are already on the page). */
  appear: boolean;
  /** AnimatePresence's popLayout hands a ref to measure the leaving item. */
  ref?: Ref<HTMLLIElement>;
  className?: string;
  /** The first card of each page is a focus target (see pageAnchor). */
  id?: string | undefined;
  tabIndex?: number | undefined;
}

export default function PresenceItem({ children, appear, ref, className, id, tabIndex }: Props) {
  const [isPresent, safeToRemove] = usePresence();
  // The scope stops running animations on unmount; the element itself is `item`.
  const [, animate] = useAnimate<HTMLLIElement>();
  const item = useRef<HTMLLIElement | null>(null);
  const appearOnMount = useRef(appear);

  useEffect(() => {
    const element = item.current;
    if (!element) return;
    if (isPresent) {
      if (appearOnMount.current && !prefersReducedMotion()) {
        animate(element, CARD_ENTER, { duration: CARD_ENTER_MS / 1000, ease: 'easeOut' });
      }
      appearOnMount.current = true;
      return;
    }
    if (prefersReducedMotion()) {
      safeToRemove();
      return;
    }
    animate(element, CARD_EXIT, { duration: CARD_EXIT_MS / 1000, ease: 'easeIn' }).then(safeToRemove, safeToRemove);
  }, [isPresent, animate, safeToRemove]);

  return (
    <li
      className={className}
      id={id}
      tabIndex={tabIndex}
      ref={(element) => {
        item.current = element;
        if (typeof ref === 'function') return ref(element);
        if (ref) ref.current = element;
        return undefined;
      }}
    >
      {children}
    </li>
  );
}
