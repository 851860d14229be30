import type { ReactNode, Ref } from 'react';

/** A row of short cards (reasons, services, ways to help). */
export function FeatureCards({ items }: { items: ReadonlyArray<{ title: string; text: string }> }) {
  return (
    <ul className="grid feature-list" role="list">
      {items.map((item, i) => (
        <li key={item.title} className="card feature-card">
          <span className="feature-card__mark" aria-hidden="true">
            {i + 1}
          </span>
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * The form area of a page: a short explanation beside the form card; `id` is the spec's anchor. `cardRef` is the
 * card's element (a form island listens there for the visitor's intent, shared/islands `useFormIsland`).
 */
export function FormSection({
  id,
  title,
  intro,
  aside,
  cardRef,
  children,
}: {
  id?: string;
  title: string;
  intro: ReactNode;
  aside?: ReactNode;
  cardRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  const headingId = `${id ?? 'formulario'}-titulo`;
  return (
    <section className="form-section" id={id} aria-labelledby={headingId}>
      <div className="form-section__aside">
        <h2 id={headingId}>{title}</h2>
        <p>{intro}</p>
        {aside}
      </div>
      <div ref={cardRef} className="card form-card">
        {children}
      </div>
    </section>
  );
}
