/** The ticket page's two WhatsApp buttons (whatsapp-control.tsx), as its action tells them apart. */
export const WHATSAPP_INTENTS = { start: "whatsapp-start", stop: "whatsapp-stop" } as const;
export type WhatsAppIntent = (typeof WHATSAPP_INTENTS)[keyof typeof WHATSAPP_INTENTS];

export const isWhatsAppIntent = (intent: unknown): intent is WhatsAppIntent =>
  intent === WHATSAPP_INTENTS.start || intent === WHATSAPP_INTENTS.stop;
