import { site } from 'shared/foundation/site';
import { PageFrame } from 'shared/ui/page-frame';
import { PendingMark } from '../layout/pending-mark';

interface Item {
  label: string;
  /** null: the foundation has not published it yet (shown as such). */
  value: string | null;
}

/** Documentos ESAL: the documents as external links, then the transparency items of the special tax regime. */
export default function DocumentsPage() {
  const { esal } = site;
  const items: Item[] = [
    { label: 'Nombre o razón social', value: site.name },
    { label: 'NIT', value: site.nit },
    { label: 'Naturaleza', value: site.legalNature },
    { label: 'Actividad meritoria', value: esal.meritoriousActivity },
    { label: 'Reinversión de excedentes', value: esal.surplusReinvestment },
    { label: 'Directivos y representante legal', value: esal.directors },
    { label: 'Donaciones recibidas y su destino', value: esal.donations },
    { label: 'Informe anual de resultados', value: esal.annualReport },
    { label: 'Estados financieros', value: esal.financialStatements },
  ];
  return (
    <PageFrame
      title="Documentos ESAL"
      intro={<p>Documentos y transparencia de la fundación como entidad sin ánimo de lucro del Régimen Tributario Especial.</p>}
    >
      <section aria-labelledby="documentos" className="section-tight">
        <h2 id="documentos">Documentos</h2>
        <ul className="grid card-list">
          {esal.documents.map((d) => (
            <li className="card doc-card" key={d.name}>
              <h3>{d.name}</h3>
              <p>{d.description}</p>
              {d.url ? (
                <a href={d.url} target="_blank" rel="noopener noreferrer">
                  Ver documento<span className="visually-hidden">: {d.name}</span> (PDF, se abre en una pestaña nueva)
                </a>
              ) : (
                <p>
                  <PendingMark>Documento por publicar</PendingMark>
                </p>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="transparencia" className="section-tight">
        <h2 id="transparencia">Transparencia</h2>
        <p>
          Como entidad del Régimen Tributario Especial, publicamos cada año la información que exige el artículo 364-5 del Estatuto
          Tributario. Los datos marcados como «por confirmar» se actualizarán cuando el consejo directivo apruebe los documentos
          correspondientes.
        </p>
        <dl className="transparency">
          {items.map((item) => (
            <div key={item.label}>
              <dt>{item.label}</dt>
              <dd>{item.value ?? <PendingMark />}</dd>
            </div>
          ))}
        </dl>
        <p>
          ¿Tienes preguntas sobre nuestras cuentas? Escríbenos a <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>.
        </p>
      </section>
    </PageFrame>
  );
}
