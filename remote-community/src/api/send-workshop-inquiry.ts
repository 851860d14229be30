import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { HONEYPOT_FIELD } from 'shared/schemas/common';
import type { arteDeAmarteInquirySchema, valeSerInquirySchema, WorkshopSlug } from 'shared/schemas/community';
import type { InquiryResponse } from 'shared/schemas/community-api';
import type { z } from 'shared/schemas/zod';

export type InquiryBody = z.output<typeof arteDeAmarteInquirySchema> | z.output<typeof valeSerInquirySchema>;

/** POST /api/community/<workshop>/consulta: stores a workshop inquiry and answers its id. */
export const sendWorkshopInquiry = (client: ApiClient, workshop: WorkshopSlug, body: InquiryBody & { [HONEYPOT_FIELD]?: string }) =>
  client.request<InquiryResponse>('POST', `/api/community/${workshop}/consulta`, body);

export const useSendWorkshopInquiry = () => useOperation(sendWorkshopInquiry);
