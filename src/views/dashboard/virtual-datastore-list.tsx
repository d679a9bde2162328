import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { DatastoreEntry } from '../../machines/dashboard.machine';

/** A card's height before it is measured: a card with its facts and space bar, no notices. */
const ESTIMATED_CARD = 480;
/** Cards rendered beyond each edge of the window, so that Tab always finds the next card in the page. */
const OVERSCAN = 3;
/** Frames to wait for a card scrolled to before giving up on focusing it. */
const FOCUS_FRAMES = 60;

interface VirtualDatastoreListProps {
  datastores: readonly DatastoreEntry[];
  label: string;
  renderCard: (datastore: DatastoreEntry, index: number) => ReactNode;
}

/**
 * A long datastore list with only the cards near the window in the page (decision 024): an ARIA
 * feed of articles, each saying its place ("5 of 1,000"). Page Down and Page Up move to the next
 * and previous card, Home and End (on a card) to the first and last; Tab moves through the
 * cards' controls as in a plain list, since the cards next to the window are always rendered.
 */
export function VirtualDatastoreList({ datastores, label, renderCard }: VirtualDatastoreListProps) {
  const feed = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const virtualizer = useWindowVirtualizer({
    count: datastores.length,
    estimateSize: () => ESTIMATED_CARD,
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: (index) => datastores[index]?.datastore ?? index,
  });

  // Where the list starts in the page, after every render: what stands above it (summary,
  // toolbar, notices) may change with any of them. It settles at once: the top does not depend
  // on the margin, so the second render measures the same top and sets nothing.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- measured after every render on purpose
  useLayoutEffect(() => {
    const element = feed.current;
    if (!element) return;
    const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
    setScrollMargin((current) => (current === top ? current : top));
  });

  const focusing = useRef<{ index: number; frame: number } | null>(null);
  // On unmount only: a render while the list scrolls to a card must not stop the card's focusing.
  useEffect(
    () => () => {
      if (focusing.current) cancelAnimationFrame(focusing.current.frame);
    },
    [],
  );

  const focusCard = useCallback(
    (index: number) => {
      if (focusing.current) cancelAnimationFrame(focusing.current.frame);
      virtualizer.scrollToIndex(index, { align: 'start' });
      let frames = 0;
      const attempt = () => {
        const card = feed.current?.querySelector<HTMLElement>(`[data-index="${index}"] > article`);
        if (card) {
          card.focus();
          focusing.current = null;
          return;
        }
        frames += 1;
        focusing.current = frames < FOCUS_FRAMES ? { index, frame: requestAnimationFrame(attempt) } : null;
      };
      attempt();
    },
    [virtualizer],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const card = event.target instanceof Element ? event.target.closest('[data-index]') : null;
    if (!card || event.altKey || event.metaKey || event.ctrlKey) return;
    const index = Number(card.getAttribute('data-index'));
    const onCard = event.target instanceof HTMLElement && event.target.tagName === 'ARTICLE';
    let next: number | null = null;
    if (event.key === 'PageDown') next = Math.min(datastores.length - 1, index + 1);
    else if (event.key === 'PageUp') next = Math.max(0, index - 1);
    else if (onCard && event.key === 'Home') next = 0;
    else if (onCard && event.key === 'End') next = datastores.length - 1;
    if (next === null) return;
    event.preventDefault();
    focusCard(next);
  };

  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={feed}
      role="feed"
      aria-label={label}
      className="datastore-feed"
      style={{ height: virtualizer.getTotalSize() }}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => {
        const datastore = datastores[item.index];
        if (!datastore) return null;
        return (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            className="datastore-feed-item"
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            {renderCard(datastore, item.index)}
          </div>
        );
      })}
    </div>
  );
}
