import { useEffect, useId, useState } from 'react';
import type { CourseModule } from 'shared/catalogue/courses';

const ADVANCE_MS = 20_000;

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * The course page's module carousel (spec §2): previous/next with labels, advances every 20 s and wraps, pauses
 * while hovered or focused, and never moves by itself for visitors who prefer reduced motion.
 */
export function ModuleCarousel({ modules }: { modules: readonly CourseModule[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const id = useId();
  const count = modules.length;

  useEffect(() => {
    if (paused || count < 2 || prefersReducedMotion()) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), ADVANCE_MS);
    return () => clearInterval(timer);
  }, [paused, count]);

  if (!count) return null;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  return (
    <div
      className="module-carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label="Módulos del curso"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <div className="module-carousel__controls">
        <button type="button" className="btn btn--ghost" onClick={() => go(-1)} aria-controls={id} aria-label="Módulo anterior">
          ‹ Anterior
        </button>
        <span aria-hidden="true">
          {index + 1} / {count}
        </span>
        <button type="button" className="btn btn--ghost" onClick={() => go(1)} aria-controls={id} aria-label="Módulo siguiente">
          Siguiente ›
        </button>
      </div>
      <div id={id} aria-live={paused ? 'polite' : 'off'}>
        {modules.map((m, i) => (
          <article
            key={m.id}
            className="card module-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} de ${count}: ${m.subtitle}`}
            hidden={i !== index}
          >
            <p className="module-slide__eyebrow">{m.title}</p>
            <h3>{m.subtitle}</h3>
            {m.units.map((u) => (
              <section key={u.title}>
                <h4>{u.title}</h4>
                <ul>
                  {u.content.map((topic) => (
                    <li key={topic}>{topic}</li>
                  ))}
                </ul>
              </section>
            ))}
          </article>
        ))}
      </div>
    </div>
  );
}
