// The About page's texts are a published document since #28 (shell/manifest/about.ts); its types stay here for the page.
export type { AboutBlock, AboutContent } from '../../manifest/about';
