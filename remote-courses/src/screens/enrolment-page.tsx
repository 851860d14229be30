import '../state/enrolment-slice';
import { courseTitle } from '../texts';
import { PageFrame } from 'shared/ui/page-frame';

/** Enrolment screen (route table in shared/routes). */
export default function EnrolmentPage({ course = '' }: { course?: string }) {
  return (
    <PageFrame title={`Inscripción: ${courseTitle[course] ?? 'Curso'}`}>
      <p className="lead">
        Paso 1: diligencia el formulario con tus datos personales. Paso 2: paga el módulo elegido. Los campos marcados con * son
        obligatorios.
      </p>
    </PageFrame>
  );
}
