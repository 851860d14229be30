import '../state/submissions-slice';
import { workshopTitle } from '../texts';
import { PageFrame } from 'shared/ui/page-frame';

/** WorkshopInquiry screen (route table in shared/routes). */
export default function WorkshopInquiryPage({ workshop = '' }: { workshop?: string }) {
  return (
    <PageFrame title={`Consulta: ${workshopTitle[workshop] ?? 'Taller'}`}>
      <p className="lead">Déjanos tus datos y tu pregunta; te contactaremos pronto.</p>
    </PageFrame>
  );
}
