import { Fragment, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { site, telLink } from 'shared/foundation/site';
import { AppLink } from 'shared/navigation';
import { Static } from 'shared/navigation';
import { footerLinks } from './menus';

const NewsletterBox = lazy(() => import('./newsletter-box'));

/** Loads the newsletter box (and its validation) only when the footer comes near the screen. */
function useNearScreen<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (!('IntersectionObserver' in window)) {
      setNear(true);
      return;
    }
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '200px' });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  return [ref, near] as const;
}

/**
 * Site footer. A foundation datum still pending (null in the configuration) is left out, never shown as a made-up one.
 * Static but for the newsletter box: on a served page the browser adopts the rest as the server rendered it.
 */
export function Footer() {
  const [ref, near] = useNearScreen<HTMLDivElement>();
  const social = site.social.flatMap((s) => (s.url ? [{ name: s.name, url: s.url }] : []));
  const { email, phoneDisplay, address, hours } = site.contact;
  const phoneHref = telLink(phoneDisplay);
  const contactLines = [
    <a key="email" href={`mailto:${email}`}>
      {email}
    </a>,
    phoneDisplay && phoneHref ? (
      <a key="phone" href={phoneHref}>
        {phoneDisplay}
      </a>
    ) : null,
    address,
    hours,
  ].filter((line) => line !== null);
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <Static name="pie">
          <section aria-labelledby="footer-social">
            <h2 id="footer-social">{site.name}</h2>
            <p>{site.legalNature}</p>
            {social.length ? (
              <ul className="footer-list social-list">
                {social.map((s) => (
                  <li key={s.name}>
                    <a href={s.url} target="_blank" rel="noopener noreferrer">
                      {s.name}
                      <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
          <section aria-labelledby="footer-info">
            <h2 id="footer-info">Información</h2>
            <ul className="footer-list">
              {footerLinks.map((l) => (
                <li key={l.to}>
                  <AppLink to={l.to}>{l.label}</AppLink>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact">Contacto</h2>
            <address>
              {contactLines.map((line, i) => (
                <Fragment key={i}>
                  {i > 0 ? <br /> : null}
                  {line}
                </Fragment>
              ))}
            </address>
          </section>
        </Static>
        <section aria-labelledby="footer-newsletter" ref={ref}>
          <h2 id="footer-newsletter">Boletín</h2>
          <p>Recibe noticias de cursos, talleres y formas de ayudar.</p>
          {near ? (
            <Suspense fallback={<p>Cargando formulario…</p>}>
              <NewsletterBox />
            </Suspense>
          ) : null}
        </section>
      </div>
      <Static name="pie-legal">
        <p className="container footer-legal">
          © {new Date().getFullYear()} {site.name}
          {site.nit ? ` · NIT ${site.nit}` : null}
        </p>
      </Static>
    </footer>
  );
}
