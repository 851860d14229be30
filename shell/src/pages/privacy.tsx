import { site } from 'shared/foundation/site';
import { AppLink } from 'shared/navigation';
import { PageFrame } from 'shared/ui/page-frame';
import { currentPrivacyPolicy, privacyPolicyPath, privacyPolicyVersions } from 'shared/legal/privacy-policy';
import { PendingMark } from '../layout/pending-mark';

/** Política de tratamiento de datos personales (Ley 1581 de 2012, Decreto 1377 de 2013). */
export default function PrivacyPage() {
  const { contact, legal } = site;
  return (
    <PageFrame
      title="Política de privacidad"
      intro={<p>Política de tratamiento de datos personales (Ley 1581 de 2012 y Decreto 1377 de 2013).</p>}
    >
      <div className="legal-doc">
        <p className="legal-meta">
          Versión {currentPrivacyPolicy.id}.{' '}
          {legal.privacyEffectiveDate ? (
            <>
              Vigente desde el <strong>{legal.privacyEffectiveDate}</strong>.
            </>
          ) : (
            <>
              Vigente desde: <PendingMark>fecha por confirmar</PendingMark>
            </>
          )}
        </p>

        <section id="responsable" aria-labelledby="responsable-t">
          <h2 id="responsable-t">1. Responsable del tratamiento</h2>
          <ul>
            <li>Razón social: {site.name}</li>
            <li>NIT: {site.nit ?? <PendingMark />}</li>
            <li>Domicilio: {contact.address ?? <PendingMark />}</li>
            <li>
              Correo para asuntos de datos personales: <a href={`mailto:${legal.dataProtectionEmail}`}>{legal.dataProtectionEmail}</a>
            </li>
            <li>Teléfono: {contact.phoneDisplay ?? <PendingMark />}</li>
          </ul>
        </section>

        <section aria-labelledby="datos-t">
          <h2 id="datos-t">2. Qué datos recogemos</h2>
          <p>
            Solo pedimos los datos necesarios para cada trámite: nombres y apellidos, tipo y número de documento, correo electrónico,
            teléfono, ocupación y nivel educativo (inscripciones), edad y dirección (voluntariado), datos de la empresa y de su
            representante (aliados) y el contenido de tus solicitudes. No guardamos los datos de tu tarjeta: los pagos los procesa
            directamente la pasarela de pagos.
          </p>
          <p>
            No solicitamos datos sensibles. Los datos de niñas, niños y adolescentes solo se tratan con autorización de su representante
            legal y respetando su interés superior.
          </p>
        </section>

        <section aria-labelledby="finalidades-t">
          <h2 id="finalidades-t">3. Para qué los usamos</h2>
          <ul>
            <li>Gestionar tu inscripción a cursos y talleres, tu pago y tu acceso a las clases.</li>
            <li>Crear y administrar tu cuenta y mostrarte tus cursos y certificados.</li>
            <li>Registrar y certificar donaciones, y cumplir nuestras obligaciones contables y tributarias.</li>
            <li>Gestionar el voluntariado, las alianzas con empresas y las consultas sobre talleres.</li>
            <li>Tramitar y responder peticiones, quejas, reclamos, solicitudes y felicitaciones (PQRSF).</li>
            <li>Enviarte el boletín, solo si te suscribiste; puedes darte de baja en cualquier momento.</li>
            <li>Elaborar estadísticas anónimas sobre el impacto de nuestros programas.</li>
          </ul>
        </section>

        <section id="derechos" aria-labelledby="derechos-t">
          <h2 id="derechos-t">4. Tus derechos</h2>
          <p>Como titular de los datos tienes derecho a:</p>
          <ul>
            <li>
              <strong>Conocer</strong> los datos que tenemos sobre ti y acceder a ellos gratuitamente.
            </li>
            <li>
              <strong>Actualizar</strong> y <strong>rectificar</strong> tus datos cuando estén incompletos, desactualizados o sean
              inexactos.
            </li>
            <li>
              <strong>Suprimir</strong> tus datos y <strong>revocar</strong> la autorización, cuando no exista un deber legal o contractual
              de conservarlos.
            </li>
            <li>Pedir prueba de la autorización que nos diste y saber qué uso hemos dado a tus datos.</li>
            <li>Presentar quejas ante la Superintendencia de Industria y Comercio, después de agotar el trámite con nosotros.</li>
          </ul>
        </section>

        <section id="como-ejercerlos" aria-labelledby="ejercer-t">
          <h2 id="ejercer-t">5. Cómo ejercer tus derechos</h2>
          <p>
            Haz tu solicitud en línea en <AppLink to="/datos-personales">Tus datos personales</AppLink>: comprobamos tu correo con un código
            y te damos un número de radicado con la fecha límite de respuesta.
          </p>
          <p>
            También puedes escribir a <a href={`mailto:${legal.dataProtectionEmail}`}>{legal.dataProtectionEmail}</a> o radicar una
            solicitud en <AppLink to="/pqrsf">PQRSF</AppLink>, indicando tu nombre, tu documento, lo que pides y un medio de contacto.
          </p>
          <ul>
            <li>
              <strong>Consultas:</strong> respondemos en máximo diez (10) días hábiles, prorrogables cinco (5) días hábiles más avisándote
              el motivo.
            </li>
            <li>
              <strong>Reclamos</strong> (corrección, actualización, supresión o incumplimiento): respondemos en máximo quince (15) días
              hábiles, prorrogables ocho (8) días hábiles más avisándote el motivo.
            </li>
          </ul>
        </section>

        <section aria-labelledby="terceros-t">
          <h2 id="terceros-t">6. Con quién los compartimos</h2>
          <p>
            Con proveedores que nos ayudan a prestar el servicio (pasarela de pagos, correo electrónico, alojamiento web y gestión de
            identidad), que actúan como encargados y solo pueden usarlos para esas tareas. Nunca vendemos tus datos.
          </p>
        </section>

        <section aria-labelledby="seguridad-t">
          <h2 id="seguridad-t">7. Seguridad y conservación</h2>
          <p>
            Aplicamos medidas técnicas y administrativas para proteger tus datos (conexiones cifradas, acceso restringido, copias de
            seguridad). Los conservamos mientras dure la finalidad y el tiempo que exija la ley.
          </p>
        </section>

        <section aria-labelledby="vigencia-t">
          <h2 id="vigencia-t">8. Vigencia y cambios</h2>
          <p>
            Esta política rige desde {legal.privacyEffectiveDate ? `el ${legal.privacyEffectiveDate}` : 'su fecha de vigencia'}. Si la
            cambiamos de forma sustancial, lo publicaremos aquí y te avisaremos por correo antes de aplicar los cambios.
          </p>
        </section>

        <section aria-labelledby="autorizacion-t">
          <h2 id="autorizacion-t">9. Tu autorización y su prueba</h2>
          <p>
            Cada formulario del sitio te muestra para qué usaremos tus datos y, cuando la ley lo exige, te pide marcar la casilla de
            autorización. Guardamos la prueba con tu registro: el formulario, la versión de esta política, el texto exacto que viste (por su
            huella digital) y la fecha. Puedes revocar tu autorización o pedir la supresión de tus datos en{' '}
            <AppLink to="/datos-personales">Tus datos personales</AppLink>.
          </p>
        </section>

        <section aria-labelledby="versiones-t">
          <h2 id="versiones-t">Versiones de esta política</h2>
          <ul>
            {[...privacyPolicyVersions].reverse().map((v) => (
              <li key={v.id}>
                {v.id === currentPrivacyPolicy.id ? (
                  <strong>Versión {v.id} (vigente)</strong>
                ) : (
                  <AppLink to={privacyPolicyPath(v.id)}>Versión {v.id}</AppLink>
                )}
                {' — '}
                {v.adoptedOn ? `adoptada el ${v.adoptedOn}` : 'fecha de adopción por confirmar'}. {v.changes}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </PageFrame>
  );
}
