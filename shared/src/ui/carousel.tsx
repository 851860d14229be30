import { useCallback, useEffect, useId, useState, useSyncExternalStore, type FocusEvent, type ReactNode } from 'react';

export interface CarouselSlide {
  /** Stable key of the slide. */
  id: string;
  /** Short name read after the position ("2 de 5: Proyecto Puentes"). */
  label: string;
  content: ReactNode;
}

export interface CarouselProps {
  /** Accessible name of the whole carousel, e.g. "Novedades de la fundación". */
  label: string;
  slides: readonly CarouselSlide[];
  /** Auto-advance period; omit for a carousel that only moves on request. */
  intervalMs?: number;
  className?: string;
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const mq = typeof window === 'undefined' ? undefined : window.matchMedia?.(reducedMotionQuery);
  if (!mq) return () => undefined;
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

/**
 * True while the visitor asks the system for less motion (followed live, not just at mount). The server cannot know:
 * its HTML says "no preference", and hydration then re-renders with the real answer — a plain state initialiser would
 * keep the server's labels, because React does not patch attributes that differ at hydration.
 */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia?.(reducedMotionQuery).matches === true,
    () => false,
  );
}

/**
 * Accessible carousel (WAI-ARIA APG "carousel" pattern): labelled previous/next buttons, a pause control, dots,
 * rotation paused while the pointer or the keyboard focus is inside, no auto-advance under reduced motion, wraps.
 * Slides are stacked in one grid cell, so the carousel is as tall as its tallest slide and nothing below shifts.
 */
export function Carousel({ label, slides, intervalMs, className }: CarouselProps) {
  const count = slides.length;
  const reduced = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  // null = the visitor has not chosen; then rotation follows the reduced-motion preference.
  const [userPlaying, setUserPlaying] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const slidesId = useId();

  const playing = intervalMs !== undefined && (userPlaying ?? !reduced);
  const rotating = playing && !hovered && !focused && count > 1;

  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);

  useEffect(() => {
    if (!rotating) return;
    // A timeout per shown slide: moving by hand restarts the full period for the new slide.
    const timer = window.setTimeout(() => go(index + 1), intervalMs);
    return () => window.clearTimeout(timer);
  }, [rotating, index, intervalMs, go]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  if (count === 0) return null;

  return (
    <section
      className={`carousel${className ? ` ${className}` : ''}`}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {/* Announce slide changes only when the visitor drives them, never while rotating on its own. */}
      <div className="carousel-slides" id={slidesId} aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            className={`carousel-slide${i === index ? ' is-active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} de ${count}: ${slide.label}`}
            aria-hidden={i === index ? undefined : true}
            inert={i !== index}
          >
            {slide.content}
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className="carousel-controls">
          {intervalMs !== undefined ? (
            <button
              type="button"
              className="carousel-btn carousel-pause"
              onClick={() => setUserPlaying(!playing)}
              aria-label={playing ? 'Pausar la rotación' : 'Reanudar la rotación'}
            >
              <span className={playing ? 'icon-pause' : 'icon-play'} aria-hidden="true" />
            </button>
          ) : null}
          <button
            type="button"
            className="carousel-btn"
            aria-controls={slidesId}
            aria-label="Diapositiva anterior"
            onClick={() => go(index - 1)}
          >
            <span className="icon-prev" aria-hidden="true" />
          </button>
          <ul className="carousel-dots">
            {slides.map((slide, i) => (
              <li key={slide.id}>
                <button
                  type="button"
                  className="carousel-dot"
                  aria-controls={slidesId}
                  // Position only: slide titles could repeat other controls' names (e.g. a menu called like a slide's topic).
                  aria-label={`Diapositiva ${i + 1} de ${count}`}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => go(i)}
                />
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="carousel-btn"
            aria-controls={slidesId}
            aria-label="Diapositiva siguiente"
            onClick={() => go(index + 1)}
          >
            <span className="icon-next" aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
