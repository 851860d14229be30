import { site } from 'shared/foundation/site';
import { AppLink } from 'shared/navigation';
import { PageFrame } from 'shared/ui/page-frame';
import { PendingMark } from '../layout/pending-mark';

/** Términos y condiciones de uso del sitio, inscripciones, pagos y donaciones. */
export default function TermsPage() {
  return (
    <PageFrame
      title="Términos y condiciones"
      intro={<p>Condiciones de uso del sitio, de las inscripciones a cursos, de los pagos y de las donaciones.</p>}
    >
      <div className="legal-doc">
        <p className="legal-meta">
          {site.legal.termsEffectiveDate ? (
            <>
              Vigentes desde el <strong>{site.legal.termsEffectiveDate}</strong>.
            </>
          ) : (
            <>
              Vigentes desde: <PendingMark>fecha por confirmar</PendingMark>
            </>
          )}
        </p>
        <section aria-labelledby="t1">
          <h2 id="t1">1. Quiénes somos</h2>
          <p>
            Este sitio pertenece a {site.name}
            {site.nit ? `, NIT ${site.nit}` : null}, {site.legalNature.toLowerCase()}
            {site.contact.address ? `, con domicilio en ${site.contact.address}` : null}. Al usarlo aceptas estos términos.
          </p>
        </section>
        <section aria-labelledby="t2">
          <h2 id="t2">2. Uso del sitio</h2>
          <p>
            Puedes navegar, inscribirte, donar y enviarnos solicitudes. Te comprometes a dar información verdadera y a no usar el sitio para
            fines ilícitos ni para afectar su funcionamiento.
          </p>
        </section>
        <section aria-labelledby="t3">
          <h2 id="t3">3. Cursos e inscripciones</h2>
          <ul>
            <li>Los cursos son online, se dictan por módulos y sus precios se expresan en pesos colombianos (COP).</li>
            <li>Tu cupo queda reservado cuando se confirma el pago del módulo.</li>
            <li>Para tomar el módulo 2 o el 3 debes aprobar los anteriores o presentar un examen de nivelación.</li>
            <li>Recibirás las instrucciones de acceso a más tardar 24 horas antes del inicio de clases.</li>
            <li>La fundación puede reprogramar una clase por fuerza mayor, avisando con anticipación.</li>
          </ul>
        </section>
        <section aria-labelledby="t4">
          <h2 id="t4">4. Pagos</h2>
          <p>
            Los pagos se hacen a través de una pasarela de pagos externa; la fundación no conoce ni guarda los datos de tu tarjeta. El
            tiempo de acreditación depende del medio de pago (transferencia, efectivo o tarjeta).
          </p>
        </section>
        <section aria-labelledby="t5">
          <h2 id="t5">5. Retracto y devoluciones</h2>
          <p>
            Como compra a distancia, puedes retractarte dentro de los cinco (5) días hábiles siguientes al pago, siempre que no hayan
            empezado las clases del módulo (Ley 1480 de 2011, artículo 47). Escríbenos a{' '}
            <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a> y te devolveremos el dinero en un plazo máximo de treinta (30)
            días calendario.
          </p>
        </section>
        <section aria-labelledby="t6">
          <h2 id="t6">6. Donaciones</h2>
          <p>
            Las donaciones son voluntarias y se destinan a los programas de la fundación. Si necesitas un certificado de donación,
            solicítalo con tus datos de identificación. Una donación hecha por error puede revisarse si nos escribes dentro de los cinco (5)
            días hábiles siguientes.
          </p>
        </section>
        <section aria-labelledby="t7">
          <h2 id="t7">7. Propiedad intelectual</h2>
          <p>
            Los textos, ilustraciones y materiales de clase son de la fundación o de sus autores. Puedes usarlos para tu aprendizaje
            personal, pero no venderlos ni publicarlos sin autorización.
          </p>
        </section>
        <section aria-labelledby="t8">
          <h2 id="t8">8. Datos personales</h2>
          <p>
            Tratamos tus datos según nuestra <AppLink to="/politica-de-privacidad">Política de privacidad</AppLink>.
          </p>
        </section>
        <section aria-labelledby="t9">
          <h2 id="t9">9. Ley aplicable y contacto</h2>
          <p>
            Estos términos se rigen por las leyes de Colombia. Si tienes una inquietud, radica una <AppLink to="/pqrsf">PQRSF</AppLink> o
            escríbenos a <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>.
          </p>
        </section>
      </div>
    </PageFrame>
  );
}
