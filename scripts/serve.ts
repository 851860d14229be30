// Starts the local stand-ins that are not configured as real services, then the gateway.
import '../shell/server/src/main';
