// Types of server-provided.mjs for the gateway.
export const SERVER_PROVIDED: string[];
export const CONTRACT_SINGLETONS: string[];
