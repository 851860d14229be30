import { documentOperations } from 'shared/publishing/document';
import { donationDocument } from '../../manifest/documents';

/**
 * The panel's operations of the published donation settings (#28), registered by the kit (server/donation-bounds.ts).
 * Apart from the public ones (operations.ts), so a donor's page never downloads them.
 */
export const donationSettingsOperations = documentOperations(donationDocument);
