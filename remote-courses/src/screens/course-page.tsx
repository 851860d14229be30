import '../state/enrolment-slice';
import { courseTitle } from '../texts';
import { PageFrame } from 'shared/ui/page-frame';

/** Course screen (route table in shared/routes). */
export default function CoursePage({ course = '' }: { course?: string }) {
  return (
    <PageFrame title={courseTitle[course] ?? 'Curso'}>
      <p className="lead">Curso online en tres módulos, tres clases por semana de dos horas. Inscríbete y paga en línea de forma segura.</p>
    </PageFrame>
  );
}
