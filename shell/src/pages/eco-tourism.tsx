import { site } from 'shared/foundation/site';
import { PageFrame } from 'shared/ui/page-frame';
import { Stars } from 'shared/ui/stars';
import { activities, ecoValues } from '../content/eco-tourism';
import { Icon } from '../layout/icons';

/** 'RESERVA AHORA' to the foundation's listing on the booking site; nothing while that address is pending. */
export function BookingLink({ url = site.bookingUrl }: { url?: string | null }) {
  if (!url) return null;
  return (
    <a className="btn btn--accent" href={url} target="_blank" rel="noopener noreferrer">
      RESERVA AHORA<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
    </a>
  );
}

/** The closing call: book online, or (while the booking address is pending) ask by e-mail. */
export function BookingCall({ url = site.bookingUrl }: { url?: string | null }) {
  return (
    <section className="cta-band" aria-labelledby="eco-reserva">
      <h2 id="eco-reserva">¿Listo para visitarnos?</h2>
      {url ? (
        <>
          <p>Consulta disponibilidad y precios en nuestro sitio de reservas.</p>
          <BookingLink url={url} />
        </>
      ) : (
        <p>
          Escríbenos a{' '}
          <a href={`mailto:${site.contact.email}?subject=${encodeURIComponent('Reserva de ecoturismo')}`}>{site.contact.email}</a> y te
          contamos la disponibilidad y los precios.
        </p>
      )}
    </section>
  );
}

/** Ecoturismo en Boyacá: hero, intro, three values, three services with their rating and the booking link. */
export default function EcoTourismPage() {
  return (
    <PageFrame
      title="Ecoturismo en Boyacá"
      anchorId="eco-hero"
      intro={
        <>
          <p>Vive el campo boyacense y apoya la formación de jóvenes rurales.</p>
          <BookingLink />
        </>
      }
    >
      <section aria-labelledby="eco-intro" className="eco-intro">
        <h2 id="eco-intro">Turismo que deja algo bueno</h2>
        <p>
          En un pueblo rural de Boyacá, familias campesinas abren sus puertas a quienes quieren descansar, caminar y aprender del campo. Los
          ingresos se reparten entre los anfitriones y el fondo de becas de la fundación, para que los jóvenes del municipio puedan estudiar
          sin irse de su tierra.
        </p>
      </section>

      <section aria-labelledby="eco-valores" className="section-tight">
        <h2 id="eco-valores">Nuestros valores</h2>
        <ul className="value-icons">
          {ecoValues.map((v) => (
            <li key={v.name}>
              <span className="value-icon">
                <Icon name={v.icon} size={36} />
              </span>
              <h3>{v.name}</h3>
              <p>{v.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="eco-servicios" className="section-tight">
        <h2 id="eco-servicios">Servicios</h2>
        <ul className="grid card-list">
          {activities.map((a) => (
            <li className="card activity-card" key={a.name}>
              <span className="card-icon">
                <Icon name={a.icon} />
              </span>
              <h3>{a.name}</h3>
              <p className="activity-description">{a.description}</p>
              <Stars value={a.stars} />
              <p>{a.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <BookingCall />
    </PageFrame>
  );
}
