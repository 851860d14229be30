/**
 * How a person's copy of their data names the case kit's attachment columns (`CaseAttachmentsTable`, attachments.ts):
 * the file's name (which may say something of them), its kind, size and dates, and who of the team uploaded it. Each
 * kind's registry entry (remote-<domain>/manifest/personal-data.ts) adds its own label, `belongs`, `attached_to` words
 * and erasure.
 */
export const caseAttachmentColumns = {
  note_id: {},
  object_key: {},
  file_name: { label: 'Nombre del archivo', personal: 'texto' },
  kind: { label: 'Tipo de archivo' },
  size: { label: 'Tamaño (bytes)' },
  uploaded_at: { label: 'Fecha' },
  attached_at: {},
  token_hash: {},
  token_expires_at: { label: 'El enlace de descarga vence' },
  actor_sub: { personal: 'equipo' },
  actor_email: { personal: 'equipo' },
} as const;
