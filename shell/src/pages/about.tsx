import { AppLink } from 'shared/navigation';
import { PageFrame } from 'shared/ui/page-frame';
import { about } from '../../manifest/about';
import type { AboutBlock, AboutContent } from '../content/about';

/** The spec's message (§8) when a block of the About page has no content. */
export const aboutLoadError = 'Error cargando la información';

function Block({ id, block }: { id: string; block: AboutBlock | undefined }) {
  const ok = block && block.paragraphs.length > 0;
  return (
    <section id={id} className="about-block" aria-labelledby={`${id}-title`}>
      {ok ? (
        <>
          <h2 id={`${id}-title`}>{block.title}</h2>
          {block.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </>
      ) : (
        <>
          <h2 id={`${id}-title`} className="visually-hidden">
            {block?.title ?? 'Contenido'}
          </h2>
          <p className="alert alert--error" role="alert">
            {aboutLoadError}
          </p>
        </>
      )}
    </section>
  );
}

/** A block the page may lack (the spec's error, §8): the published texts always have them. */
type AboutView = { [K in keyof AboutContent]?: AboutContent[K] | undefined };

export function AboutView({ content }: { content: AboutView | undefined }) {
  return (
    <PageFrame
      title="Nosotros"
      intro={<p>Una fundación que teje oportunidades entre el talento de las comunidades y el empleo digital.</p>}
    >
      <Block id="quienes-somos" block={content?.quienesSomos} />
      <div className="about-pair">
        <Block id="mision" block={content?.mision} />
        <Block id="vision" block={content?.vision} />
      </div>
      {content?.values?.length ? (
        <section className="section-tight" aria-labelledby="valores">
          <h2 id="valores">Nuestros valores</h2>
          <ul className="grid card-list">
            {content.values.map((v) => (
              <li className="card" key={v.name}>
                <h3>{v.name}</h3>
                <p>{v.text}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="about-links">
        <AppLink to="/Documents-esal">Documentos y transparencia</AppLink> · <AppLink to="/ods">Objetivos de Desarrollo Sostenible</AppLink>
      </p>
    </PageFrame>
  );
}

/** Nosotros (/nosotros, /about-us): the texts Contenido published (#28). */
export default function AboutPage() {
  return <AboutView content={about} />;
}
