import '../state/enrolment-slice';
import { PageFrame } from 'shared/ui/page-frame';

/** Puentes screen (route table in shared/routes). */
export default function PuentesPage() {
  return (
    <PageFrame title="Proyecto Puentes">
      <p className="lead">
        Un puente entre la formación y el empleo: becas, proyectos reales, salario mínimo legal y vinculación con empresas aliadas.
      </p>
    </PageFrame>
  );
}
