import '../state/enrolment-slice';
import '../courses.css';
import { Carousel } from 'shared/ui/carousel';
import { chatAvailable, ChatButton } from 'shared/ui/chat-button';
import { PageFrame } from 'shared/ui/page-frame';
import { StageCard } from './stage-card';
import { puentesStages } from './texts';

/** Proyecto Puentes (spec §2, §4): the four stages in a slider that advances every 15 s and wraps. */
export default function PuentesPage() {
  return (
    <PageFrame
      title="Proyecto Puentes"
      intro={
        <p>Un puente entre la formación y el empleo: becas, proyectos reales, salario mínimo legal y vinculación con empresas aliadas.</p>
      }
    >
      <section className="section" aria-labelledby="etapas">
        <h2 id="etapas">Las cuatro etapas</h2>
        <Carousel
          label="Etapas del Proyecto Puentes"
          intervalMs={15_000}
          slides={puentesStages.map((s) => ({ id: String(s.id), label: s.title, content: <StageCard stage={s} /> }))}
        />
      </section>
      {chatAvailable() ? (
        <p className="course-final">
          <ChatButton className="btn btn--accent" message="Hola, quiero información sobre el Proyecto Puentes.">
            Quiero participar
          </ChatButton>
        </p>
      ) : null}
    </PageFrame>
  );
}
