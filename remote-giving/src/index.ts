// Standalone entry (npm run dev -w <remote>): the shell never runs this; it loads the exposed screens.
import('./bootstrap').catch((error: unknown) => console.error('No se pudo iniciar', error));
