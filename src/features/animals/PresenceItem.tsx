/**
 * A list item that fades and slides in when it joins the list and out when it leaves
 * (inside motion's AnimatePresence, mode "popLayout"). The animations run on the Web
 * Animations API through motion's mini `useAnimate` (about 2 KB), instead of `m`
 * components and a feature bundle (about 29 KB gzip): the whole island then fits the
 * page's 110 KB budget with room for the header. With prefers-reduced-motion the items
 * simply appear and disappear.
 */
import { usePresence } from 'motion/react';
import { useAnimate } from 'motion/react-mini';
import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { prefersReducedMotion } from '../../lib/reduced-motion.ts';

const ENTER = { opacity: [0, 1], transform: ['translateY(1rem)', 'translateY(0)'] };
const EXIT = { opacity: [1, 0], transform: ['translateY(0)', 'translateY(-1rem)'] };

interface Props {
  children: ReactNode;
  /** False for the items of the first render (they are already on the page). */
  appear: boolean;
  /** AnimatePresence's popLayout hands a ref to measure the leaving item. */
  ref?: Ref<HTMLLIElement>;
  className?: string;
}

export default function PresenceItem({ children, appear, ref, className }: Props) {
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
        animate(element, ENTER, { duration: 0.25, ease: 'easeOut' });
      }
      appearOnMount.current = true;
      return;
    }
    if (prefersReducedMotion()) {
      safeToRemove();
      return;
    }
    animate(element, EXIT, { duration: 0.2, ease: 'easeIn' }).then(safeToRemove, safeToRemove);
  }, [isPresent, animate, safeToRemove]);

  return (
    <li
      className={className}
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
