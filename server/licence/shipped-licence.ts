import { fileURLToPath } from 'node:url';

/** The vendor's Ed25519 public key the server ships; it verifies every licence file by default. */
export const SHIPPED_LICENCE_KEY_FILE = fileURLToPath(new URL('./licence-public-key.pem', import.meta.url));

/** The demo licence shipped with the product: in force while no licence has been imported. */
export const SHIPPED_LICENCE_FILE = fileURLToPath(new URL('./demo-licence.json', import.meta.url));
