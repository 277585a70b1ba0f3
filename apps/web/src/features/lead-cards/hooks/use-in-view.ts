import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whether an element is on screen (IntersectionObserver with the viewport as root: the board's and the
 * columns' own scroll boxes clip it too, so a column scrolled out sideways or a sentinel below a column's
 * fold counts as hidden). `once`: stays true after the first time, for "load when first seen".
 * Returns a callback ref, so it follows the element as React mounts and unmounts it.
 */
export function useInView<T extends Element>({ once = false, rootMargin = '0px' }: { once?: boolean; rootMargin?: string } = {}) {
  const [element, setElement] = useState<T | null>(null);
  const [inView, setInView] = useState(false);
  const seen = useRef(false);

  useEffect(() => {
    if (!element || (once && seen.current)) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((entry) => entry.isIntersecting);
        if (visible) seen.current = true;
        if (once && !visible) return;
        setInView(visible);
        if (once && visible) observer.disconnect();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, once, rootMargin]);

  const ref = useCallback((node: T | null) => setElement(node), []);
  return [ref, inView] as const;
}
