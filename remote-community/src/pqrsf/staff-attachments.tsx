import type { ComponentProps } from 'react';
import { CaseAttachmentList, CaseAttachmentPicker } from 'shared/cases/ui/attachments';
import { pqrsfStaffOperations as ops } from './staff-operations';

/**
 * A PQRSF case's attachments on its screen (#32): the legal-case kit's picker and list (shared/cases/ui/attachments)
 * bound to PQRSF's three operations.
 */

export { attachmentUiTexts, sizeOf } from 'shared/cases/ui/attachments';

export const AttachmentPicker = (props: Omit<ComponentProps<typeof CaseAttachmentPicker>, 'ops'>) => (
  <CaseAttachmentPicker ops={ops} {...props} />
);

export const AttachmentList = (props: Omit<ComponentProps<typeof CaseAttachmentList>, 'ops'>) => (
  <CaseAttachmentList ops={ops} {...props} />
);
