// Fixed texts every form of this remote shares (each feature's own are in its texts.ts): a copy change is one edit here.

export const formTexts = {
  requiredNote: 'Los campos marcados con * son obligatorios.',
  send: 'Enviar',
  sending: 'Enviando…',
  retry: 'Intentar de nuevo',
  keptData: 'Tus datos siguen en el formulario: revisa tu conexión y vuelve a intentarlo.',
  another: 'Enviar otro registro',
} as const;
