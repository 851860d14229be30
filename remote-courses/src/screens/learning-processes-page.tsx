import '../state/enrolment-slice';
import { PageFrame } from 'shared/ui/page-frame';

/** LearningProcesses screen (route table in shared/routes). */
export default function LearningProcessesPage() {
  return (
    <PageFrame title="Procesos de aprendizaje">
      <p className="lead">
        Nuestro programa acompaña a cada estudiante en cuatro etapas: Despliegue, Puentes, Consolidación y Lanzamiento.
      </p>
    </PageFrame>
  );
}
