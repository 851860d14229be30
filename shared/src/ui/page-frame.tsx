import type { ReactNode } from 'react';

export interface PageFrameProps {
  title: ReactNode;
  /** Id on the page's heading section, for spec anchors such as #dona-aqui. */
  anchorId?: string;
  intro?: ReactNode;
  children?: ReactNode;
}

/** The standard page layout of every screen: a hero with the page's one h1, then the content. */
export function PageFrame({ title, anchorId, intro, children }: PageFrameProps) {
  return (
    <>
      <section className="page-hero" id={anchorId}>
        <div className="container">
          <h1>{title}</h1>
          {intro}
        </div>
      </section>
      <div className="container page">{children}</div>
    </>
  );
}
