import '../state/enrolment-slice';
import '../courses.css';
import { AppLink } from 'shared/navigation';
import { PageFrame } from 'shared/ui/page-frame';
import { StageCard } from './stage-card';
import { puentesStages } from './texts';

/** Learning processes (/procesos-aprendizaje = /software-a-la-medida): the path from first class to first job. */
export default function LearningProcessesPage() {
  return (
    <PageFrame
      title="Procesos de aprendizaje"
      intro={<p>Acompañamos a cada estudiante desde su primera clase hasta su primer empleo en cuatro etapas.</p>}
    >
      <ol className="stages-timeline">
        {puentesStages.map((s) => (
          <li key={s.id}>
            <StageCard stage={s} />
          </li>
        ))}
      </ol>
      <p className="course-final">
        <AppLink className="btn btn--accent" to="/proyecto-puentes">
          Conoce el Proyecto Puentes
        </AppLink>
      </p>
    </PageFrame>
  );
}
