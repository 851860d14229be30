import { odsItems } from 'shared/content/ods';
import { AppLink } from 'shared/navigation';
import { PageFrame } from 'shared/ui/page-frame';

/** Objetivos de Desarrollo Sostenible: the four goals and what the foundation does for each. */
export default function OdsPage() {
  return (
    <PageFrame
      title="Objetivos de Desarrollo Sostenible"
      intro={<p>Nuestro trabajo aporta a cuatro de los 17 objetivos de la Agenda 2030 de las Naciones Unidas.</p>}
    >
      <ul className="ods-list">
        {odsItems.map((o) => (
          <li key={o.id} className="ods-item" id={`ods-${o.id}`}>
            <span className={`ods-badge ods-${o.id}`} aria-hidden="true">
              {o.id}
            </span>
            <div>
              <h2>
                <span className="visually-hidden">ODS </span>
                {o.id} {o.title}
              </h2>
              <ul className="check-list">
                {o.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ul>
      <p>
        ¿Quieres sumar a estos objetivos? <AppLink to="/empresas#registra-tu-empresa">Registra tu empresa como aliada</AppLink> o{' '}
        <AppLink to="/voluntarios#quiero-ser-voluntario">hazte voluntario</AppLink>.
      </p>
    </PageFrame>
  );
}
