import '../state/submissions-slice';
import { workshopTitle, workshopLead } from '../texts';
import { PageFrame } from 'shared/ui/page-frame';

/** Workshop screen (route table in shared/routes). */
export default function WorkshopPage({ workshop = '' }: { workshop?: string }) {
  return (
    <PageFrame title={workshopTitle[workshop] ?? 'Taller'}>
      <p className="lead">{workshopLead[workshop] ?? ''}</p>
    </PageFrame>
  );
}
